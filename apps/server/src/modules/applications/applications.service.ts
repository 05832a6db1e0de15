import type { z } from 'zod';
import type { ApplicationBody, ApplicationItem } from '@portal/contract/api/applications';
import type { PagedResult } from '@portal/contract/api/common';
import { Code } from '@portal/contract/codes';
import { isCountryCode } from '@portal/contract/countries';
import type { Language } from '@portal/contract/languages';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { resolveSite } from '../site/site.service.ts';
import { hit } from '../throttle/rate-limit.ts';
import type { RequestMeta } from '../user-logs/user-log.repository.ts';
import { insertApplication, listApplications } from './applications.repository.ts';

/** The form is public: a cap per address keeps a script from flooding the platform's inbox. */
export const APPLICATION_LIMIT = { windowSeconds: 60 * 60, perAddress: 5 } as const;

type ApplicationInput = z.output<typeof ApplicationBody>;

const orNull = (v: string | null | undefined) => (v ? v : null);

export async function submitApplication(
  db: Db,
  request: { hostname: string; lang: Language; meta: RequestMeta },
  body: ApplicationInput,
): Promise<{ id: string }> {
  // The schema checks the shape (two capitals); only the country list knows whether the code exists.
  if (!isCountryCode(body.country)) throw invalid('country', 'validation.application.country');
  // Applications go to whoever runs the site the visitor is on, so each white label sees its own leads.
  const site = await resolveSite(db, request.hostname);
  return db.transaction(async (tx) => {
    // Counted in the same transaction as the insert: concurrent submissions queue on the counter row, and a refusal
    // rolls its own increment back.
    const window = await hit(tx, `applications:ip:${request.meta.ip ?? 'unknown'}`, APPLICATION_LIMIT.windowSeconds);
    if (window.count > APPLICATION_LIMIT.perAddress) throw new AppError(Code.RATE_LIMITED, 'error.rateLimited');
    const id = await insertApplication(tx, {
      companyId: site.companyId,
      name: body.name,
      contact: body.contact,
      phone: orNull(body.phone),
      country: body.country,
      companyName: orNull(body.companyName),
      companyAddress: orNull(body.companyAddress),
      website: orNull(body.website),
      remarks: orNull(body.remarks),
      language: request.lang,
      ip: request.meta.ip,
    });
    return { id };
  });
}

/** Callers are platform admins (proxyLevel 0), so their own company is the top-level one the leads were filed under. */
export async function listOwnApplications(db: Db, auth: AuthContext, q: { page: number; pageSize: number }): Promise<PagedResult<ApplicationItem>> {
  return listApplications(db, auth.company.id, q.page, q.pageSize);
}
