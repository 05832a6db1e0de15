import { Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CREDIT_PERIOD_UNITS, CreditPeriod, type AgencyDetail } from '@portal/contract/api/agencies';
import { AmountInput } from '../../../../components/AmountInput';
import { amountRule } from '../../../../lib/amount-rule';
import { ConfigForm } from './ConfigForm';

export function CreditPeriodForm({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  return (
    <ConfigForm<CreditPeriod>
      agencyId={agency.id}
      group="creditPeriod"
      initialValues={agency.config.creditPeriod}
      toBody={(values) => ({ creditPeriod: { value: values.value, unit: values.unit } })}
      fields={['value', 'unit']}
      description={t('agency.config.creditPeriod.description')}
    >
      <Form.Item label={t('agency.config.creditPeriod.label')} required>
        <Space.Compact>
          <Form.Item
            name="value"
            noStyle
            // The contract's bounds, checked rather than clamped: 400 days must not quietly become 366.
            rules={[
              { required: true, message: t('validation.required') },
              amountRule(t, {
                min: CreditPeriod.shape.value.minValue ?? 0,
                max: CreditPeriod.shape.value.maxValue ?? undefined,
                decimals: 0,
                // A count of days or months, not an amount of money.
                negativeMessage: t('common.amount.min', { min: 0 }),
              }),
            ]}
          >
            <AmountInput<number> aria-label={t('agency.config.creditPeriod.value')} decimals={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="unit" noStyle>
            <Select
              aria-label={t('agency.config.creditPeriod.unit')}
              style={{ width: 140 }}
              options={CREDIT_PERIOD_UNITS.map((u) => ({ value: u, label: t(`agency.config.creditPeriod.units.${u}`) }))}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    </ConfigForm>
  );
}
