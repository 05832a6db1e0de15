import { Col, Form, Row, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgencyDetail } from '@portal/contract/api/agencies';
import { ADJUSTMENT_UNITS } from '@portal/contract/api/agency-config';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { AmountInput } from '../../../../components/AmountInput';
import { amountRule } from '../../../../lib/amount-rule';
import { adjustmentBounds, configAmountBounds, fromAdjustmentRows, toAdjustmentRows, type AdjustmentRow } from '../../utils/adjustments';
import { ConfigForm } from './ConfigForm';

interface Values {
  rows: AdjustmentRow[];
}

/**
 * Area price adjustments (spec point 9) live inside the flight group; saving sends that group whole with the stored
 * flight settings, so unsaved edits on the Flight tab are not sent from here.
 */
export function PriceAdjustmentsForm({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  const settlement = agency.config.common.settlementCurrency;
  const initialRows = toAdjustmentRows(agency.config.flight.priceAdjustments, settlement);
  return (
    <ConfigForm<Values>
      agencyId={agency.id}
      group="flight"
      section="adjustments"
      initialValues={{ rows: initialRows }}
      toBody={(values) => ({
        flight: {
          ...agency.config.flight,
          // The area has no input of its own, so the submitted rows lack it: it comes from the row's place.
          priceAdjustments: fromAdjustmentRows(
            values.rows.map((row, i) => ({ ...row, area: initialRows[i].area })),
            settlement,
          ),
        },
      })}
      // A refusal of one adjustment is shown above the rows: the stored list and the rows are not index-aligned.
      fields={[]}
      description={t('agency.config.adjustments.description', { currency: settlement })}
    >
      {(form) => (
        <Form.List name="rows">
          {(rows) =>
            rows.map((row) => (
              <AdjustmentFields key={row.key} index={row.name} initial={initialRows[row.name]} form={form} settlement={settlement} />
            ))
          }
        </Form.List>
      )}
    </ConfigForm>
  );
}

interface FieldsProps {
  index: number;
  /** The row as loaded: one row per area, in a list that never grows or shrinks, so its area is fixed. */
  initial: AdjustmentRow;
  form: FormInstance<Values>;
  settlement: Currency;
}

function AdjustmentFields({ index, initial, form, settlement }: FieldsProps) {
  const { t } = useTranslation();
  // useWatch answers undefined until the form has rendered once; the loaded unit stands in until then.
  const unit = (Form.useWatch(['rows', index, 'unit'], form) as AdjustmentRow['unit'] | undefined) ?? initial.unit;
  const areaLabel = t(`agency.config.areas.${initial.area}`);
  const money = minorDigits(settlement);
  const valueBounds = adjustmentBounds(unit, settlement);
  const limitBounds = configAmountBounds(settlement);

  return (
    <Row gutter={12} align="bottom" style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
      <Col xs={24} md={6}>
        <Typography.Text strong style={{ display: 'block', paddingBottom: 12 }}>
          {areaLabel}
        </Typography.Text>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name={[index, 'value']}
          label={t('agency.config.adjustments.value')}
          extra={t('agency.config.adjustments.valueHint')}
          dependencies={[['rows', index, 'unit']]}
          rules={[{ required: true, message: t('validation.required') }, amountRule(t, valueBounds)]}
        >
          <AmountInput<number>
            aria-label={t('agency.config.adjustments.valueFor', { area: areaLabel })}
            decimals={unit === 'percent' ? 2 : money}
            suffix={unit === 'percent' ? '%' : settlement}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={5}>
        <Form.Item name={[index, 'unit']} label={t('agency.config.adjustments.unit')}>
          <Select
            aria-label={t('agency.config.adjustments.unitFor', { area: areaLabel })}
            options={ADJUSTMENT_UNITS.map((u) => ({ value: u, label: t(`agency.config.units.${u}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={7}>
        <Form.Item
          name={[index, 'limit']}
          label={t('agency.config.adjustments.limit')}
          extra={t('agency.config.adjustments.limitHint')}
          rules={[{ required: true, message: t('validation.required') }, amountRule(t, limitBounds)]}
        >
          <AmountInput<number> aria-label={t('agency.config.adjustments.limitFor', { area: areaLabel })} decimals={money} suffix={settlement} />
        </Form.Item>
      </Col>
    </Row>
  );
}
