import type { Statement } from '@portal/contract/api/bills';
import { useState } from 'react';
import { Button } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { StatementDetailDrawer, type StatementDetailState } from './StatementDetailDrawer';
import { statementKey } from './StatementsTable';
import { useFileAction } from './use-file-action';

/**
 * Where a page's statements come from. The caller's own (features/bills) and a sub-agency's (features/agency-bills)
 * read the same endpoints but keep separate caches, so each page passes its own detail query and download.
 */
export interface StatementSource {
  /** Called as a hook, once per render, with the opened statement (null: nothing open, nothing fetched). */
  useDetail: (statement: Statement | null) => StatementDetailState;
  download: (statement: Statement) => Promise<void>;
}

/**
 * The statement list's view/download wiring and its detail drawer, shared by the finance user's statements page and the
 * agency manager's two pages: which statement is open, which workbook is downloading, and what happens after "Generate
 * current month" (a toast, then the new statement opens in the drawer).
 */
export function useStatementViewer({ useDetail, download }: StatementSource, dateFormat: string) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Statement | null>(null);
  const detail = useDetail(open);
  const { busy: downloading, run } = useFileAction<string>('bills.errors.download');
  const downloadOne = (statement: Statement) => void run(statementKey(statement), () => download(statement));

  return {
    /** Spread on StatementsTable. */
    tableProps: { onView: setOpen, onDownload: downloadOne, downloading },
    /** The callbacks of a generate mutation's mutate(). */
    generated: {
      onSuccess: (statement: Statement) => {
        notify.success(t('bills.statements.generated', { month: statement.month }));
        setOpen(statement);
      },
      onError: (err: Error) => notify.error(err.message || t('bills.statements.errors.generate')),
    },
    drawer: (
      <StatementDetailDrawer
        statement={open}
        detail={detail}
        dateFormat={dateFormat}
        onClose={() => setOpen(null)}
        onDownload={downloadOne}
        downloading={open !== null && downloading === statementKey(open)}
      />
    ),
  };
}

/** "Generate current month": primary on the finance user's own page, a plain button beside a sub-agency's heading. */
export function GenerateStatementButton({ primary = false, loading, onClick }: { primary?: boolean; loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type={primary ? 'primary' : undefined} icon={<FileAddOutlined />} loading={loading} onClick={onClick}>
      {t('bills.statements.generate')}
    </Button>
  );
}
