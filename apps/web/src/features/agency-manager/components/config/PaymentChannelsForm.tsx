import { Alert, Checkbox, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_CHANNELS, type AgencyDetail, type PaymentSettings } from '@portal/contract/api/agencies';
import { ConfigForm } from './ConfigForm';

export function PaymentChannelsForm({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  return (
    <ConfigForm<PaymentSettings>
      agencyId={agency.id}
      group="payment"
      initialValues={agency.config.payment}
      // Keep the contract's order whatever order the boxes were ticked in.
      toBody={(values) => ({ payment: { channels: PAYMENT_CHANNELS.filter((c) => values.channels.includes(c)) } })}
      fields={['channels']}
      description={t('agency.config.payment.description')}
    >
      {agency.config.common.disablePayment && (
        <Alert type="warning" showIcon title={t('agency.config.payment.disabled')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="channels">
        <Checkbox.Group style={{ width: '100%' }}>
          <Row gutter={[16, 8]}>
            {PAYMENT_CHANNELS.map((c) => (
              <Col xs={24} sm={12} md={8} key={c}>
                <Checkbox value={c}>{t(`agency.channels.${c}`)}</Checkbox>
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
      </Form.Item>
    </ConfigForm>
  );
}
