import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Statement, StatementDetail, StatementQuery } from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { statementPath, workbookFilename, workbookPath } from '../../../components/bills/statement-month';
import type { StatementSource } from '../../../components/bills/use-statement-viewer';
import { billsKeys } from './bills-keys';

export function getStatements(query: StatementQuery, signal?: AbortSignal): Promise<PagedResult<Statement>> {
  return api.get<PagedResult<Statement>>('/base/v2/sub/statements', { params: query, signal });
}

export function useStatements(query: StatementQuery) {
  return useQuery({
    queryKey: billsKeys.statements(query),
    queryFn: ({ signal }) => getStatements(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function getStatementDetail(statement: Statement, signal?: AbortSignal): Promise<StatementDetail> {
  return api.get<StatementDetail>(statementPath(statement), { params: { currency: statement.currency }, signal });
}

/** The opened statement's entries and daily series; nothing is fetched while no statement is open. */
export function useStatementDetail(statement: Statement | null) {
  return useQuery({
    queryKey: billsKeys.statement(statement?.companyId ?? '', statement?.month ?? '', statement?.currency ?? ''),
    queryFn: ({ signal }) => getStatementDetail(statement as Statement, signal),
    enabled: statement !== null,
  });
}

export function downloadStatementWorkbook(statement: Statement): Promise<void> {
  return api.download(workbookPath(statement), workbookFilename(statement), undefined, { params: { currency: statement.currency } });
}

/** The caller's own statements for the shared viewer: its own detail cache (['bills', 'statement', …]). */
export const ownStatementSource: StatementSource = { useDetail: useStatementDetail, download: downloadStatementWorkbook };

/** Generates (or, for the running month, recomputes) the caller's statement of `month` now. */
export function useGenerateStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => api.post<Statement>('/base/v2/sub/statements', { month }),
    // The running month is recomputed on each call: both the list and any cached detail are stale now.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['bills', 'statements'] }),
        client.invalidateQueries({ queryKey: ['bills', 'statement'] }),
      ]),
  });
}
