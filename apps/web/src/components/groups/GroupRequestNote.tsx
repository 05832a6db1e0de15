import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec point 9, told before the agency commits: quotes take 1-2 business days, deposits are not refunded. */
export function GroupRequestNote() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="group-note"
      title={t('groups.note.quoteTime')}
      description={t('groups.note.deposits')}
    />
  );
}
