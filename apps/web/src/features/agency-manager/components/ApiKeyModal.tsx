import { Alert, Descriptions, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency, ApiKeyAnswer } from '@portal/contract/api/agencies';
import { formatDateTime } from '../../../lib/format';
import { useGenerateApiKey } from '../api/generate-api-key';
import { RevealOnceModal } from '../../../components/RevealOnceModal';

interface Props {
  agency: Agency | null;
  dateFormat: string;
  onClose: () => void;
}

/**
 * Where the key works. The server refuses every call of a key whose agency has no allowed hosts (error.apiKey.noHosts),
 * so that case is a warning, not "works only from the 0 allowed hosts" (issue 14).
 */
function HostsNote({ agency }: { agency: Agency | null }) {
  const { t } = useTranslation();
  const count = agency?.allowedHosts.length ?? 0;
  if (count === 0) return <Alert type="warning" showIcon title={t('agency.apiKey.noHosts')} />;
  return <Typography.Text type="secondary">{t('agency.apiKey.hostsNote', { count })}</Typography.Text>;
}

/** The key is stored hashed, so the reveal-once dialog is the only place it is ever seen. */
export function ApiKeyModal({ agency, dateFormat, onClose }: Props) {
  const { t } = useTranslation();
  const generate = useGenerateApiKey();
  const existing = agency?.apiKey ?? null;
  return (
    <RevealOnceModal<ApiKeyAnswer, Agency, string>
      subject={agency}
      variables={(a) => a.id}
      cancel={t('agency.common.cancel')}
      onClose={onClose}
      issue={generate}
      secretOf={(a) => a.key}
      actionIcon={<KeyOutlined />}
      actionDanger={existing !== null}
      texts={(shown) => ({
        title: t('agency.apiKey.title', { name: shown?.name ?? '' }),
        action: shown?.apiKey ? t('agency.apiKey.regenerate') : t('agency.apiKey.generate'),
        done: t('agency.apiKey.done'),
        once: t('agency.apiKey.once'),
        valueLabel: t('agency.apiKey.key'),
        copy: t('agency.apiKey.copy'),
        failed: t('agency.apiKey.failed'),
        copyFailed: t('agency.apiKey.copyFailed'),
      })}
      issuedNote={(issued) => (
        <>
          <Typography.Text type="secondary">
            {t('agency.apiKey.usage', { prefix: issued.prefix, date: formatDateTime(issued.createdAt, dateFormat) })}
          </Typography.Text>
          {agency && agency.allowedHosts.length === 0 && <HostsNote agency={agency} />}
        </>
      )}
      intro={(shown) => (
        <>
          {shown?.apiKey ? (
            <>
              <Descriptions
                size="small"
                bordered
                column={1}
                items={[
                  { key: 'prefix', label: t('agency.apiKey.prefix'), children: <Typography.Text code>{shown.apiKey.prefix}…</Typography.Text> },
                  { key: 'created', label: t('agency.apiKey.createdAt'), children: formatDateTime(shown.apiKey.createdAt, dateFormat) },
                  {
                    key: 'used',
                    label: t('agency.apiKey.lastUsedAt'),
                    children: shown.apiKey.lastUsedAt ? formatDateTime(shown.apiKey.lastUsedAt, dateFormat) : t('agency.apiKey.neverUsed'),
                  },
                ]}
              />
              <Alert type="warning" showIcon title={t('agency.apiKey.replaceWarning')} />
            </>
          ) : (
            <Typography.Paragraph>{t('agency.apiKey.none')}</Typography.Paragraph>
          )}
          <HostsNote agency={shown} />
        </>
      )}
    />
  );
}
