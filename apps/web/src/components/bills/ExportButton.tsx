import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A bills list's export (the workbook of what its filters show), spinning while one is under way. */
export function ExportButton({ busy, onExport }: { busy: boolean; onExport: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void onExport()}>
      {t('bills.actions.export')}
    </Button>
  );
}
