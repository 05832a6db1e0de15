import type { Statement } from '@portal/contract/api/bills';

/** Statement months are calendar months in UTC, as the server cuts them. */
export function currentMonth(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The month is still running: the statement is recomputed each time it is generated, until the month ends. */
export function isProvisional(statement: Pick<Statement, 'final'>): boolean {
  return !statement.final;
}

/** A file name that says whose bill it is and for when, e.g. statement-A00001-2025-03-CNY.xlsx. */
export function workbookFilename(statement: Pick<Statement, 'companyCode' | 'month' | 'currency'>): string {
  return `statement-${statement.companyCode}-${statement.month}-${statement.currency}.xlsx`;
}

export function workbookPath(statement: Pick<Statement, 'companyId' | 'month'>): string {
  return `/base/v2/sub/statements/${encodeURIComponent(statement.companyId)}/${encodeURIComponent(statement.month)}/workbook`;
}

export function statementPath(statement: Pick<Statement, 'companyId' | 'month'>): string {
  return `/base/v2/sub/statements/${encodeURIComponent(statement.companyId)}/${encodeURIComponent(statement.month)}`;
}
