import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { Agency, AgencyStatus, CreateAgencyBody, UpdateAgencyBody } from '@portal/contract/api/agencies';
import { CreateAgencyBody as CreateSchema } from '@portal/contract/api/agencies';
import { Password } from '@portal/contract/api/auth';
import type { Currency } from '@portal/contract/currency';
import { contractRule, requiredContractRules } from './contract-rule';

export interface AgencyFormValues {
  name: string;
  alias?: string;
  address?: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  customerService?: string;
  allowedHosts?: string[];
  extraInfo?: string;
  // Create only.
  settlementCurrency?: Currency;
  enableFlightService?: boolean;
  enableTrainService?: boolean;
  superUser?: { username: string; password: string; confirmPassword?: string };
  // Edit only.
  status?: AgencyStatus;
}

/** Field paths of the form, dotted, for placing the server's field errors. */
export const AGENCY_FORM_FIELDS = [
  'name',
  'alias',
  'address',
  'contactName',
  'contactEmail',
  'contactPhone',
  'customerService',
  'allowedHosts',
  'extraInfo',
  'settlementCurrency',
  'enableFlightService',
  'enableTrainService',
  'superUser.username',
  'superUser.password',
  'status',
] as const;

const shape = CreateSchema.shape;

/** Rules straight from the contract's schemas; the server still has the last word (see applyFieldErrors). */
export function agencyRules(t: TFunction) {
  const rule = (schema: Parameters<typeof contractRule>[0], empty?: unknown): FormRule[] => [contractRule(schema, t, empty)];
  // One message per field: "required" for a blank one, the contract's first message otherwise.
  const required = (schema: Parameters<typeof contractRule>[0]): FormRule[] => requiredContractRules(schema, t);
  return {
    name: required(shape.name),
    alias: rule(shape.alias, null),
    address: rule(shape.address, null),
    contactName: required(shape.contactName),
    contactEmail: required(shape.contactEmail),
    contactPhone: required(shape.contactPhone),
    customerService: rule(shape.customerService, null),
    allowedHosts: rule(shape.allowedHosts, []),
    extraInfo: rule(shape.extraInfo, null),
    settlementCurrency: [{ required: true, message: t('validation.currency') }],
    username: required(shape.superUser.shape.username),
    password: requiredContractRules(Password, t, { whitespace: false }),
  };
}

/** The confirmation must equal the super user's password. */
export function confirmPasswordRules(t: TFunction, passwordPath: string | string[]): FormRule[] {
  return [
    { required: true, message: t('validation.required') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(passwordPath)
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.password.mismatch'))),
    }),
  ];
}

const text = (v: string | undefined) => v?.trim() || null;
const hosts = (v: string[] | undefined) => (v ?? []).map((h) => h.trim()).filter(Boolean);

function common(values: AgencyFormValues) {
  return {
    name: values.name.trim(),
    alias: text(values.alias),
    address: text(values.address),
    contactName: values.contactName.trim(),
    contactEmail: values.contactEmail.trim(),
    contactPhone: values.contactPhone.trim(),
    customerService: text(values.customerService),
    allowedHosts: hosts(values.allowedHosts),
    extraInfo: text(values.extraInfo),
  };
}

export function toCreateBody(values: AgencyFormValues): CreateAgencyBody {
  return {
    ...common(values),
    settlementCurrency: values.settlementCurrency ?? 'CNY',
    enableFlightService: values.enableFlightService ?? true,
    enableTrainService: values.enableTrainService ?? true,
    superUser: { username: values.superUser?.username.trim() ?? '', password: values.superUser?.password ?? '' },
  };
}

export function toUpdateBody(values: AgencyFormValues): UpdateAgencyBody {
  return { ...common(values), status: values.status ?? 'active' };
}

export function toFormValues(agency: Agency): AgencyFormValues {
  return {
    name: agency.name,
    alias: agency.alias ?? '',
    address: agency.address ?? '',
    contactName: agency.contactName ?? '',
    contactEmail: agency.contactEmail ?? '',
    contactPhone: agency.contactPhone ?? '',
    customerService: agency.customerService ?? '',
    allowedHosts: agency.allowedHosts,
    extraInfo: agency.extraInfo ?? '',
    status: agency.status,
  };
}
