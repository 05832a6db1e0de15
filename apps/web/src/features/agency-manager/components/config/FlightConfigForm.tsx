import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FormInstance, FormRule } from 'antd';
import { TrainConfig, type AgencyDetail } from '@portal/contract/api/agencies';
import { ADJUSTMENT_UNITS } from '@portal/contract/api/agency-config';
import { CURRENCIES, minorDigits, type Currency } from '@portal/contract/currency';
import { AmountInput } from '../../../../components/AmountInput';
import { amountRule } from '../../../../lib/amount-rule';
import { contractRule } from '../../utils/contract-rule';
import { adjustmentBounds, configAmountBounds } from '../../utils/adjustments';
import { fromFlightForm, toFlightForm, type FlightFormValues } from '../../utils/flight-config';
import { ConfigForm } from './ConfigForm';
import { SwitchRow } from './CommonConfigForm';

const FIELDS = [
  'markupValue',
  'markupUnit',
  'feeBooking',
  'feeChange',
  'feeRefund',
  'feeVoid',
  'feeCurrency',
  'showSuppliers',
  'freeBaggageOnly',
  'fareBasisOnly',
  'bookingReview',
  'maxResponseTimeSec',
  'bookingNotificationUrl',
  'flightChangeNotificationUrl',
  'filterMode',
  'airlines',
  'suppliers',
  'searchMode',
  'hotRoutes',
];

/** Where a server message about the stored shape belongs on this form. */
const ALIASES = {
  'markup.value': 'markupValue',
  'markup.unit': 'markupUnit',
  'serviceFees.booking': 'feeBooking',
  'serviceFees.change': 'feeChange',
  'serviceFees.refund': 'feeRefund',
  'serviceFees.void': 'feeVoid',
  'serviceFees.currency': 'feeCurrency',
  maxResponseTimeMs: 'maxResponseTimeSec',
};

const AIRLINE = /^[A-Z0-9]{2}$/;
const HOT_ROUTE = /^[A-Z]{3}-[A-Z]{3}$/;

const upper = (v: string[] | undefined) => [...new Set((v ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean))];

/** Every entry of a tag list must match; the message names the ones that do not. */
function entriesRule(pattern: RegExp, t: TFunction, key: string): FormRule {
  return {
    validator: (_, value: string[] | undefined) => {
      const bad = (value ?? []).filter((v) => !pattern.test(v));
      return bad.length ? Promise.reject(new Error(t(key, { entries: bad.join(', ') }))) : Promise.resolve();
    },
  };
}

// The same URL rule the contract gives the train notification URL; empty means "no notification".
const urlRule = (t: TFunction) => contractRule(TrainConfig.shape.notificationUrl, t, null);

const FEES = ['feeBooking', 'feeChange', 'feeRefund', 'feeVoid'] as const;

export function FlightConfigForm({ agency }: { agency: AgencyDetail }) {
  const settlement = agency.config.common.settlementCurrency;

  return (
    <ConfigForm<FlightFormValues>
      agencyId={agency.id}
      group="flight"
      initialValues={toFlightForm(agency.config.flight, settlement)}
      toBody={(values) => ({ flight: fromFlightForm(values, agency.config.flight, settlement) })}
      fields={FIELDS}
      aliases={ALIASES}
    >
      {(form) => <FlightFields settlement={settlement} form={form} />}
    </ConfigForm>
  );
}

function FlightFields({ settlement, form }: { settlement: Currency; form: FormInstance<FlightFormValues> }) {
  const { t } = useTranslation();
  const markupUnit = Form.useWatch('markupUnit', form) ?? 'fixed';
  const feeCurrency = Form.useWatch('feeCurrency', form) ?? 'CNY';
  const searchMode = Form.useWatch('searchMode', form);
  const feeBounds = configAmountBounds(feeCurrency);

  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('agency.config.flight.pricing')}
      </Divider>
      <Form.Item label={t('agency.config.flight.markup')} extra={t('agency.config.flight.markupHint', { currency: settlement })} required>
        <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
          <Form.Item
            name="markupValue"
            noStyle
            dependencies={['markupUnit']}
            rules={[
              { required: true, message: t('validation.required') },
              amountRule(t, adjustmentBounds(markupUnit, settlement)),
            ]}
          >
            <AmountInput<number>
              aria-label={t('agency.config.flight.markup')}
              decimals={markupUnit === 'percent' ? 2 : minorDigits(settlement)}
              suffix={markupUnit === 'percent' ? '%' : settlement}
            />
          </Form.Item>
          <Form.Item name="markupUnit" noStyle>
            <Select
              aria-label={t('agency.config.adjustments.unit')}
              style={{ width: 140 }}
              options={ADJUSTMENT_UNITS.map((u) => ({ value: u, label: t(`agency.config.units.${u}`) }))}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="feeCurrency" label={t('agency.config.flight.feeCurrency')}>
            <Select showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        {FEES.map((fee) => (
          <Col xs={12} sm={8} key={fee}>
            <Form.Item
              name={fee}
              label={t(`agency.config.flight.fees.${fee}`)}
              dependencies={['feeCurrency']}
              rules={[{ required: true, message: t('validation.required') }, amountRule(t, feeBounds)]}
            >
              <AmountInput<number> decimals={minorDigits(feeCurrency)} suffix={feeCurrency} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start" plain>
        {t('agency.config.flight.display')}
      </Divider>
      <Row gutter={[16, 0]}>
        {(['showSuppliers', 'freeBaggageOnly', 'fareBasisOnly', 'bookingReview'] as const).map((key) => (
          <Col xs={24} md={12} key={key}>
            <Form.Item name={key} valuePropName="checked" style={{ marginBottom: 12 }}>
              <SwitchRow label={t(`agency.config.flight.${key}`)} hint={t(`agency.config.flight.hints.${key}`)} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item
            name="maxResponseTimeSec"
            label={t('agency.config.flight.maxResponseTime')}
            extra={t('agency.config.flight.maxResponseTimeHint')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <InputNumber<number> min={0.5} max={60} step={0.5} precision={1} suffix={t('agency.config.flight.seconds')} style={{ width: 180 }} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        {t('agency.config.flight.notifications')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="bookingNotificationUrl" label={t('agency.config.flight.bookingNotificationUrl')} rules={[urlRule(t)]}>
            <Input type="url" placeholder="https://" maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="flightChangeNotificationUrl" label={t('agency.config.flight.flightChangeNotificationUrl')} rules={[urlRule(t)]}>
            <Input type="url" placeholder="https://" maxLength={500} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        {t('agency.config.flight.filters')}
      </Divider>
      <Form.Item name="filterMode" label={t('agency.config.flight.filterMode')} extra={t('agency.config.flight.filterModeHint')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'blacklist', label: t('agency.config.flight.filterModes.blacklist') },
            { value: 'whitelist', label: t('agency.config.flight.filterModes.whitelist') },
          ]}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="airlines"
            label={t('agency.config.flight.airlines')}
            normalize={upper}
            rules={[entriesRule(AIRLINE, t, 'agency.config.flight.airlinesInvalid')]}
          >
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder="CA, MU, CZ" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="suppliers" label={t('agency.config.flight.suppliers')} extra={t('agency.config.flight.suppliersHint')}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder="sim-gds, sim-ndc" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="searchMode" label={t('agency.config.flight.searchMode')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'all', label: t('agency.config.flight.searchModes.all') },
            { value: 'hotRoutes', label: t('agency.config.flight.searchModes.hotRoutes') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="hotRoutes"
        label={t('agency.config.flight.hotRoutes')}
        extra={t('agency.config.flight.hotRoutesHint')}
        normalize={upper}
        rules={[
          entriesRule(HOT_ROUTE, t, 'agency.config.flight.hotRoutesInvalid'),
          ...(searchMode === 'hotRoutes' ? [{ required: true, type: 'array' as const, min: 1, message: t('agency.config.flight.hotRoutesRequired') }] : []),
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder="BJS-SHA, SHA-HKG" />
      </Form.Item>
    </>
  );
}
