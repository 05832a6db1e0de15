import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency, ApiKeyAnswer } from '@portal/contract/api/agencies';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useGenerateApiKey } from '../api/generate-api-key';
import { useRetained } from '../utils/use-retained';

interface Props {
  agency: Agency | null;
  dateFormat: string;
  onClose: () => void;
}

/**
 * The key is stored hashed, so this dialog is the only place it is ever seen: it lives in this component's state
 * alone (never in the query cache) and is dropped when the dialog closes.
 */
export function ApiKeyModal({ agency: selected, dateFormat, onClose }: Props) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const open = selected !== null;
  const [issued, setIssued] = useState<ApiKeyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    // Reopening never shows an earlier key again; closing keeps it until the dialog has faded out (afterClose).
    if (open) {
      setIssued(null);
      setError(null);
    }
  }
  const generate = useGenerateApiKey();

  const run = () => {
    if (!agency) return;
    setError(null);
    generate.mutate(agency.id, {
      onSuccess: (answer) => setIssued(answer),
      onError: (e) => setError(e.message || t('agency.apiKey.failed')),
    });
  };

  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.key);
      notify.success(t('message.success.copy'));
    } catch {
      notify.error(t('agency.apiKey.copyFailed'));
    }
  };

  const existing = agency?.apiKey ?? null;

  return (
    <Modal
      open={open}
      title={t('agency.apiKey.title', { name: agency?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      // Closing by a stray click outside would lose a key that is never shown again.
      mask={{ closable: false }}
      afterClose={() => setIssued(null)}
      footer={
        issued ? (
          <Button type="primary" onClick={onClose}>
            {t('agency.apiKey.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('agency.common.cancel')}</Button>
            <Button type="primary" danger={existing !== null} icon={<KeyOutlined />} loading={generate.isPending} onClick={run}>
              {existing ? t('agency.apiKey.regenerate') : t('agency.apiKey.generate')}
            </Button>
          </Flex>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {issued ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('agency.apiKey.once')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={issued.key}
              aria-label={t('agency.apiKey.key')}
              style={{ fontFamily: 'monospace' }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('agency.apiKey.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">
            {t('agency.apiKey.usage', { prefix: issued.prefix, date: formatDateTime(issued.createdAt, dateFormat) })}
          </Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {existing ? (
            <>
              <Descriptions
                size="small"
                bordered
                column={1}
                items={[
                  { key: 'prefix', label: t('agency.apiKey.prefix'), children: <Typography.Text code>{existing.prefix}…</Typography.Text> },
                  { key: 'created', label: t('agency.apiKey.createdAt'), children: formatDateTime(existing.createdAt, dateFormat) },
                  {
                    key: 'used',
                    label: t('agency.apiKey.lastUsedAt'),
                    children: existing.lastUsedAt ? formatDateTime(existing.lastUsedAt, dateFormat) : t('agency.apiKey.neverUsed'),
                  },
                ]}
              />
              <Alert type="warning" showIcon title={t('agency.apiKey.replaceWarning')} />
            </>
          ) : (
            <Typography.Paragraph>{t('agency.apiKey.none')}</Typography.Paragraph>
          )}
          <Typography.Text type="secondary">{t('agency.apiKey.hostsNote', { count: agency?.allowedHosts.length ?? 0 })}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
