import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Statement, StatementDetail, StatementQuery } from '@portal/contract/api/bills';
import type { PagedResult } from '@portal/contract/api/common';
import { api } from '../../../lib/api';
import { statementPath, workbookFilename, workbookPath } from '../../../components/bills/statement-month';
import type { StatementSource } from '../../../components/bills/use-statement-viewer';
import { agencyBillsKeys } from './agency-bills-keys';

/** Statements of every sub-agency (scope subAgencies) or of one (companyId); the server keeps it to the caller's children. */
export function getSubStatements(query: StatementQuery, signal?: AbortSignal): Promise<PagedResult<Statement>> {
  return api.get<PagedResult<Statement>>('/base/v2/sub/statements', { params: query, signal });
}

export function useSubStatements(query: StatementQuery, enabled = true) {
  return useQuery({
    queryKey: agencyBillsKeys.statements(query),
    queryFn: ({ signal }) => getSubStatements(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSubStatementDetail(statement: Statement | null) {
  return useQuery({
    queryKey: agencyBillsKeys.statement(statement?.companyId ?? '', statement?.month ?? '', statement?.currency ?? ''),
    queryFn: ({ signal }) =>
      api.get<StatementDetail>(statementPath(statement as Statement), { params: { currency: (statement as Statement).currency }, signal }),
    enabled: statement !== null,
  });
}

export function downloadSubWorkbook(statement: Statement): Promise<void> {
  return api.download(workbookPath(statement), workbookFilename(statement), undefined, { params: { currency: statement.currency } });
}

/** A sub-agency's statements for the shared viewer: the agency-bills detail cache, apart from the caller's own. */
export const subStatementSource: StatementSource = { useDetail: useSubStatementDetail, download: downloadSubWorkbook };

/** Generates (or recomputes, for the running month) a sub-agency's statement now. */
export function useGenerateSubStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { companyId: string; month: string }) => api.post<Statement>('/base/v2/sub/statements', body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['agency-bills', 'statements'] }),
        client.invalidateQueries({ queryKey: ['agency-bills', 'statement'] }),
      ]),
  });
}
