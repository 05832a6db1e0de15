import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency, SingleLoginSecretAnswer } from '@portal/contract/api/agencies';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRotateSingleLoginSecret } from '../api/rotate-single-login-secret';
import { useRetained } from '../utils/use-retained';

interface Props {
  agency: Agency | null;
  dateFormat: string;
  onClose: () => void;
}

/**
 * Rotates the secret the agency signs its single-login links with (docs/single-login.md). The new secret is in the
 * rotation's answer only: it lives in this component's state alone (never in the query cache) and is dropped when
 * the dialog closes. The previous secret stays valid until the next rotation, so the agency can switch over.
 */
export function SingleLoginSecretModal({ agency: selected, dateFormat, onClose }: Props) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const open = selected !== null;
  const [issued, setIssued] = useState<SingleLoginSecretAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    // Reopening never shows an earlier secret again; closing keeps it until the dialog has faded out (afterClose).
    if (open) {
      setIssued(null);
      setError(null);
    }
  }
  const rotate = useRotateSingleLoginSecret();

  const run = () => {
    if (!agency) return;
    setError(null);
    rotate.mutate(agency.id, {
      onSuccess: (answer) => setIssued(answer),
      onError: (e) => setError(e.message || t('agency.singleLoginSecret.failed')),
    });
  };

  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.secret);
      notify.success(t('message.success.copy'));
    } catch {
      notify.error(t('agency.singleLoginSecret.copyFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('agency.singleLoginSecret.title', { name: agency?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      // Closing by a stray click outside would lose a secret that is never shown again.
      mask={{ closable: false }}
      afterClose={() => setIssued(null)}
      footer={
        issued ? (
          <Button type="primary" onClick={onClose}>
            {t('agency.singleLoginSecret.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('agency.common.cancel')}</Button>
            <Button type="primary" danger icon={<SyncOutlined />} loading={rotate.isPending} onClick={run}>
              {t('agency.singleLoginSecret.rotate')}
            </Button>
          </Flex>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {issued ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('agency.singleLoginSecret.once')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={issued.secret}
              aria-label={t('agency.singleLoginSecret.secret')}
              style={{ fontFamily: 'monospace' }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('agency.singleLoginSecret.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">
            {t('agency.singleLoginSecret.rotatedAt', { date: formatDateTime(issued.rotatedAt, dateFormat) })}
          </Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('agency.singleLoginSecret.intro')}</Typography.Paragraph>
          <Alert type="info" showIcon title={t('agency.singleLoginSecret.rollover')} />
        </Flex>
      )}
    </Modal>
  );
}
