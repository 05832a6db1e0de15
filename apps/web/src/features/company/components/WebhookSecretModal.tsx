import { useMemo } from 'react';
import { Alert, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookSecretAnswer } from '@portal/contract/api/webhooks';
import { RevealOnceModal } from '../../../components/RevealOnceModal';
import { formatDateTime } from '../../../lib/format';
import { useRotateWebhookSecret } from '../api/webhooks';

interface Props {
  open: boolean;
  /** Whether a secret exists already (generating replaces it). */
  configured: boolean;
  dateFormat: string;
  onClose: () => void;
}

/** The agency's webhook signing secret: generated after a confirmation and shown once (the server never answers it again). */
export function WebhookSecretModal({ open, configured, dateFormat, onClose }: Props) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret();
  // A stable subject: the dialog keeps the last one while it fades out.
  const subject = useMemo(() => (open ? { configured } : null), [open, configured]);
  return (
    <RevealOnceModal<WebhookSecretAnswer, { configured: boolean }, void>
      subject={subject}
      onClose={onClose}
      issue={rotate}
      variables={() => undefined}
      secretOf={(a) => a.secret}
      cancel={t('company.common.cancel')}
      actionIcon={<KeyOutlined />}
      actionDanger={configured}
      texts={() => ({
        title: t('company.webhooks.secret.title'),
        action: t('company.webhooks.secret.confirm'),
        done: t('company.webhooks.secret.done'),
        once: t('company.webhooks.secret.once'),
        valueLabel: t('company.webhooks.secret.value'),
        copy: t('company.webhooks.secret.copy'),
        failed: t('company.webhooks.secret.failed'),
        copyFailed: t('company.webhooks.secret.copyFailed'),
      })}
      issuedNote={(issued) => (
        <Typography.Text type="secondary">{t('company.webhooks.secret.issued', { date: formatDateTime(issued.createdAt, dateFormat) })}</Typography.Text>
      )}
      intro={(s) => (
        <>
          <Typography.Paragraph style={{ margin: 0 }}>{t('company.webhooks.secret.intro')}</Typography.Paragraph>
          {s?.configured && <Alert type="warning" showIcon title={t('company.webhooks.secret.replaceWarning')} />}
        </>
      )}
    />
  );
}
