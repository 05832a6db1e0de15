import { Card, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, type DateFormat, type UserConfig } from '@portal/contract/api/auth';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useUpdateConfig } from '../api/update-config';
import { AreaCodeSelect } from '../../../components/AreaCodeSelect';

/** Default area code and date format save as soon as they are picked: single values need no Save button. */
export function PreferencesForm({ config }: { config: UserConfig }) {
  const { t } = useTranslation();
  const region = useUpdateConfig('defaultRegion');
  const dateFormat = useUpdateConfig('dateFormat');
  const sample = new Date(2025, 2, 5);
  const saved = { onSuccess: () => notify.success(t('common.saved')), onError: (e: Error) => notify.error(e.message) };

  return (
    <Card size="small" title={t('profile.preferences.title')}>
      <Form layout="vertical" style={{ maxWidth: 420 }}>
        <Form.Item label={t('profile.preferences.region')} extra={t('profile.preferences.regionHint')}>
          <AreaCodeSelect value={config.defaultRegion} loading={region.isPending} onChange={(v) => region.mutate(v, saved)} />
        </Form.Item>
        <Form.Item label={t('profile.preferences.dateFormat')}>
          <Select<DateFormat>
            value={config.dateFormat}
            loading={dateFormat.isPending}
            onChange={(v) => dateFormat.mutate(v, saved)}
            options={DATE_FORMATS.map((f) => ({
              value: f,
              label: (
                <span>
                  {formatDate(sample, f)} <Typography.Text type="secondary">({f})</Typography.Text>
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
