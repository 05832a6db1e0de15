import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrainConfig, type AgencyDetail } from '@portal/contract/api/agencies';
import { contractRule } from '../../utils/contract-rule';
import { ConfigForm } from './ConfigForm';
import { SwitchRow } from './CommonConfigForm';

interface Values {
  notificationUrl?: string;
  manual: boolean;
}

export function TrainConfigForm({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  const train = agency.config.train;
  return (
    <ConfigForm<Values>
      agencyId={agency.id}
      group="train"
      initialValues={{ notificationUrl: train.notificationUrl ?? '', manual: train.manual }}
      toBody={(values) => ({ train: { notificationUrl: values.notificationUrl?.trim() || null, manual: values.manual } })}
      fields={['notificationUrl', 'manual']}
    >
      <Form.Item
        name="notificationUrl"
        label={t('agency.config.train.notificationUrl')}
        extra={t('agency.config.train.notificationUrlHint')}
        rules={[contractRule(TrainConfig.shape.notificationUrl, t, null)]}
      >
        <Input type="url" placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item name="manual" valuePropName="checked">
        <SwitchRow label={t('agency.config.train.manual')} hint={t('agency.config.train.manualHint')} />
      </Form.Item>
    </ConfigForm>
  );
}
