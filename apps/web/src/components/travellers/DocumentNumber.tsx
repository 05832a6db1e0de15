import { useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TravellerDocument } from '@portal/contract/api/travellers';
import { notify } from '../../lib/notify';
import { revealDocument } from './api';

interface Props {
  passengerId: string;
  document: TravellerDocument;
}

/**
 * "Passport *****5678" with an eye that asks the server for the full number. The full number lives only in this
 * component's state (never the query cache), so it is gone once hidden again or when the list or modal unmounts.
 */
export function DocumentNumber({ passengerId, document }: Props) {
  const { t } = useTranslation();
  const [full, setFull] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function toggle() {
    if (full) {
      setFull(null);
      return;
    }
    setLoading(true);
    try {
      const revealed = await revealDocument(passengerId, document.id);
      setFull(revealed.number);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('travellers.list.revealFailed'));
    } finally {
      setLoading(false);
    }
  }

  const label = full ? t('travellers.list.hideNumber') : t('travellers.list.showNumber');
  return (
    <Space size={4} wrap={false}>
      <Typography.Text type="secondary">{t(`flight.documents.${document.type}`)}</Typography.Text>
      <Typography.Text code data-testid={`document-${document.id}`}>
        {full ?? document.number}
      </Typography.Text>
      <Tooltip title={label}>
        <Button type="text" size="small" loading={loading} icon={full ? <EyeInvisibleOutlined /> : <EyeOutlined />} aria-label={label} onClick={() => void toggle()} />
      </Tooltip>
    </Space>
  );
}
