import type { Agency, AgencyConfig, AgencyDetail, Balances } from '@portal/contract/api/agencies';
import { DEFAULT_COMMON_CONFIG, type CommonConfig } from '@portal/contract/api/auth';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { DEFAULT_CREDIT_PERIOD, DEFAULT_PAYMENT_SETTINGS, DEFAULT_TRAIN_CONFIG } from '@portal/contract/api/agencies';
import type { Currency } from '@portal/contract/currency';
import { fileUrl } from '../files/file-url.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import type { WalletFigures } from './agency.repository.ts';
import { toBalances } from '../ledger/ledger.service.ts';

export interface AgencyExtras {
  balance: Balances;
  superUser: { id: string; username: string } | null;
  apiKey: { prefix: string; createdAt: Date; lastUsedAt: Date | null } | null;
}

/** A row stored before a newer switch existed lacks it: answer its default (the answer schema needs every field). */
export const commonConfigOf = (c: CompanyRow): CommonConfig => ({ ...DEFAULT_COMMON_CONFIG, ...c.commonConfig });
export const settlementCurrencyOf = (c: CompanyRow): Currency => commonConfigOf(c).settlementCurrency;

/**
 * The same figures ledger.service `balances` derives, from the running balances a list query already joined (a list
 * page must not ask the ledger once per row). The agency tests compare both for the same agency.
 */
export function balancesOf(currency: Currency, w: WalletFigures): Balances {
  // The ledger's own arithmetic, so a balance stored past the bounds (issue 9) cannot make the list fail to answer.
  return toBalances(currency, w);
}

export function toAgency(c: CompanyRow, x: AgencyExtras): Agency {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    alias: c.alias,
    address: c.address,
    logo: fileUrl(c.logoFileId),
    parentId: c.parentId,
    proxyLevel: c.proxyLevel,
    status: c.status,
    contactName: c.contactName,
    contactEmail: c.contactEmail,
    contactPhone: c.contactPhone,
    customerService: c.customerService,
    allowedHosts: c.allowedHosts,
    extraInfo: c.extraInfo,
    settlementCurrency: settlementCurrencyOf(c),
    balance: x.balance,
    apiKey: x.apiKey
      ? { prefix: x.apiKey.prefix, createdAt: x.apiKey.createdAt.toISOString(), lastUsedAt: x.apiKey.lastUsedAt?.toISOString() ?? null }
      : null,
    superUser: x.superUser,
    createdAt: c.createdAt.toISOString(),
  };
}

export function agencyConfigOf(c: CompanyRow): AgencyConfig {
  return {
    common: commonConfigOf(c),
    flight: { ...DEFAULT_FLIGHT_CONFIG, ...c.flightConfig },
    train: { ...DEFAULT_TRAIN_CONFIG, ...c.trainConfig },
    creditPeriod: { ...DEFAULT_CREDIT_PERIOD, ...c.creditPeriod },
    payment: { ...DEFAULT_PAYMENT_SETTINGS, ...c.paymentSettings },
  };
}

export function toAgencyDetail(c: CompanyRow, x: AgencyExtras): AgencyDetail {
  return { ...toAgency(c, x), config: agencyConfigOf(c) };
}
