import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/** "newStatus" / "new_status" -> "New status", for detail keys this screen has no label for yet. */
function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatDetailValue(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('userLog.detail.yes') : t('userLog.detail.no');
  if (Array.isArray(value)) return value.length ? value.map((v) => formatDetailValue(v, t)).join(', ') : '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${t(`userLog.detailKeys.${k}`, { defaultValue: humanize(k) })}: ${formatDetailValue(v, t)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * The server records a free-form detail object per entry (changed fields, old and new status, roles...).
 * Each entry becomes one "Label: value" line; known keys get a translated label, others a readable one.
 */
export function LogDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = Object.entries(detail);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <dl style={{ margin: 0 }}>
      {entries.map(([key, value]) => (
        <div key={key} style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <dt style={{ color: 'var(--ant-color-text-secondary)' }}>
            {t(`userLog.detailKeys.${key}`, { defaultValue: humanize(key) })}:
          </dt>
          <dd style={{ margin: 0, wordBreak: 'break-word' }}>{formatDetailValue(value, t)}</dd>
        </div>
      ))}
    </dl>
  );
}
