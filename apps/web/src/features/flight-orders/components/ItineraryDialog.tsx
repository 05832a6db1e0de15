import { useState } from 'react';
import { Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlightOrder, ItineraryBody } from '@portal/contract/api/flight-orders';
import { minorDigits } from '@portal/contract/currency';
import { LANGUAGES } from '@portal/contract/languages';
import { AmountInput } from '../../../components/AmountInput';
import { FormModal } from '../../../components/FormModal';
import { amountRule, moneyBounds } from '../../../lib/amount-rule';
import { currentLanguage } from '../../../lib/i18n';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { downloadItinerary } from '../api/download-files';
import { itineraryDefaults, toMinorUnits, type ItineraryValues } from '../model/order-detail';

interface Props {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
}

const AMOUNTS = ['fare', 'tax', 'serviceCharge'] as const;

/**
 * The itinerary PDF for the agency's customer (spec point 5: fare, tax, service charge and quantity are required):
 * per-passenger amounts start from the order's adult price line and may be changed before printing.
 */
export function ItineraryDialog({ order, open, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ItineraryValues>();
  const [error, setError] = useState<string | null>(null);
  const currency = order.currency;
  const digits = minorDigits(currency);

  const download = useMutation({
    mutationFn: (body: ItineraryBody) => downloadItinerary(order.id, order.bookingNumber, body),
    onSuccess: () => {
      notify.success(t('orders.itinerary.done'));
      onClose();
    },
    onError: (err) => setError(applyServerErrors(form, err, [...AMOUNTS, 'quantity', 'lang'], t('orders.itinerary.failed'))),
  });

  const submit = (v: ItineraryValues) => {
    if (v.fare === null || v.tax === null || v.serviceCharge === null || v.quantity === null) return;
    setError(null);
    download.mutate({
      fare: toMinorUnits(v.fare, currency),
      tax: toMinorUnits(v.tax, currency),
      serviceCharge: toMinorUnits(v.serviceCharge, currency),
      quantity: v.quantity,
      lang: v.lang,
    });
  };

  return (
    <FormModal<ItineraryValues>
      form={form}
      name="itinerary"
      open={open}
      title={t('orders.itinerary.title', { booking: order.bookingNumber })}
      okText={t('orders.itinerary.submit')}
      cancelText={t('orders.common.cancel')}
      confirmLoading={download.isPending}
      initialValues={itineraryDefaults(order, currentLanguage())}
      onCancel={onClose}
      onFinish={submit}
      error={error}
      afterClose={() => {
        setError(null);
        download.reset();
      }}
    >
      <Typography.Paragraph type="secondary">{t('orders.itinerary.hint', { currency })}</Typography.Paragraph>
      <Row gutter={16}>
        {AMOUNTS.map((name) => (
          <Col key={name} xs={24} sm={12}>
            <Form.Item
              name={name}
              label={t(`orders.itinerary.${name}`, { currency })}
              rules={[{ required: true, message: t(`orders.itinerary.errors.${name}`) }, amountRule(t, moneyBounds(currency, { min: 0 }))]}
            >
              <AmountInput<number> decimals={digits} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12}>
          <Form.Item name="quantity" label={t('orders.itinerary.quantity')} rules={[{ required: true, message: t('orders.itinerary.errors.quantity') }]}>
            <InputNumber min={1} max={18} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lang" label={t('orders.itinerary.lang')}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`orders.itinerary.languages.${l}`) }))} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
