import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookSecretAnswer } from '@portal/contract/api/webhooks';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRotateWebhookSecret } from '../api/webhooks';

interface Props {
  open: boolean;
  /** Whether a secret exists already (generating replaces it). */
  configured: boolean;
  dateFormat: string;
  onClose: () => void;
}

/**
 * Generates the agency's webhook signing secret after a confirmation and shows it once: the server never answers it
 * again. The value lives in this dialog's state alone (never in the query cache) and is dropped when it closes.
 * Same behaviour as the agency manager's reveal-once dialog (API key, single-login secret).
 */
export function WebhookSecretModal({ open, configured, dateFormat, onClose }: Props) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret();
  const [issued, setIssued] = useState<WebhookSecretAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    // Reopening never shows an earlier value again; closing keeps it until the dialog has faded out (afterClose).
    if (open) {
      setIssued(null);
      setError(null);
    }
  }

  const run = () => {
    setError(null);
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setIssued(answer);
        // Nor in the mutation cache.
        rotate.reset();
      },
      onError: (e) => setError(e.message || t('company.webhooks.secret.failed')),
    });
  };

  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.secret);
      notify.success(t('message.success.copy'));
    } catch {
      notify.error(t('company.webhooks.secret.copyFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('company.webhooks.secret.title')}
      onCancel={onClose}
      destroyOnHidden
      // Closing by a stray click outside would lose a value that is never shown again.
      mask={{ closable: false }}
      afterClose={() => setIssued(null)}
      footer={
        issued ? (
          <Button type="primary" onClick={onClose}>
            {t('company.webhooks.secret.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('company.common.cancel')}</Button>
            <Button type="primary" danger={configured} icon={<KeyOutlined />} loading={rotate.isPending} onClick={run}>
              {t('company.webhooks.secret.confirm')}
            </Button>
          </Flex>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {issued ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('company.webhooks.secret.once')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={issued.secret}
              aria-label={t('company.webhooks.secret.value')}
              style={{ fontFamily: 'monospace' }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('company.webhooks.secret.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">
            {t('company.webhooks.secret.issued', { date: formatDateTime(issued.createdAt, dateFormat) })}
          </Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('company.webhooks.secret.intro')}</Typography.Paragraph>
          {configured && <Alert type="warning" showIcon title={t('company.webhooks.secret.replaceWarning')} />}
        </Flex>
      )}
    </Modal>
  );
}
