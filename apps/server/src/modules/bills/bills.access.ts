import { hasPermission } from '@portal/contract/roles';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { isAgencyManager, isFinance } from '../../plugins/auth.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { childCompanyIds, findChildCompany } from './bills.repository.ts';

/**
 * Who may read which agency's money (spec points 2 and 6), the one rule every bills route goes through:
 * - the caller's own company: the finance role (SuperUser passes) in a company at proxyLevel 0 or with isShowBill;
 *   anything else is 403, as the finance pages are;
 * - another company: only a direct, not deleted child of the caller's company, and only for an agency manager or a
 *   holder of agencybills:read. Anything else is 404, so ids of other agencies cannot be probed.
 */
export function canReadSubAgencyBills(auth: AuthContext): boolean {
  return isAgencyManager(auth) || hasPermission(auth.user.permissions, 'agencybills:read');
}

export async function billsCompany(db: DbOrTx, auth: AuthContext, companyId?: string): Promise<CompanyRow> {
  if (!companyId || companyId === auth.company.id) {
    if (!isFinance(auth)) throw forbidden();
    return auth.company;
  }
  if (!canReadSubAgencyBills(auth)) throw notFound();
  const child = await findChildCompany(db, auth.company.id, companyId);
  if (!child) throw notFound();
  return child;
}

/** Every sub-agency of the caller (statements of all of them at once): agency managers and agencybills:read only. */
export async function subAgencyIds(db: DbOrTx, auth: AuthContext): Promise<string[]> {
  if (!canReadSubAgencyBills(auth)) throw forbidden();
  return childCompanyIds(db, auth.company.id);
}
