import { MonthString, WalletEntryQuery } from '@portal/contract/api/bills';
import { PageQuery } from '@portal/contract/api/common';
import { z } from 'zod';

/** /agency-manager/statements: month and keyword in the URL; the scope (every sub-agency) is the page itself. */
export const subStatementUrlQuery = PageQuery.extend({
  month: MonthString.optional(),
  keyword: z.string().trim().max(100).optional(),
});

/** The wallet entries tab of one sub-agency; the agency comes from the path, not the query. */
export const subEntryUrlQuery = WalletEntryQuery.omit({ companyId: true });

export const isUuid = (value: string | undefined): value is string => z.string().uuid().safeParse(value).success;
