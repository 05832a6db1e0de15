import { useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Empty, Flex, Form, Input, Modal, Radio, Select, Spin, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSalesOptions, ChangeOption, ChangeRequestBody, ChangeSearchBody } from '@portal/contract/api/after-sales';
import type { FlightOrder, PriceChangedData } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { InitialValues } from '../../../../components/FormModal';
import { LegSummary } from '../../../../components/flight/LegSummary';
import { paths } from '../../../../app/paths';
import { ApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { requestChange } from '../../api/request-change';
import { useChangeSearch } from '../../api/search-change';
import { CHANGE_REASONS, changeReasonKey, openLegsOf } from '../../model/after-sales';
import { useIntentKey } from '../../model/intent-key';
import { ChangeQuoteTable } from './ChangeQuoteTable';
import { useLegText } from './leg-text';

interface Props {
  order: FlightOrder;
  options: AfterSalesOptions;
  open: boolean;
  /** Opened from a refused schedule change: reason 1 (the airline's change) chosen already. */
  presetReason?: number | null;
  dateFormat: string;
  onClose: () => void;
  onDone: (order: FlightOrder) => void;
}

interface Values {
  passengerIds: string[];
  legOn: Record<string, boolean>;
  dates: Record<string, Dayjs | null>;
  reason?: number;
  remark?: string;
}

const DAY = 'YYYY-MM-DD';

const isPriceChanged = (data: unknown): data is PriceChangedData =>
  typeof data === 'object' && data !== null && typeof (data as PriceChangedData).newTotal === 'number' && typeof (data as PriceChangedData).previousTotal === 'number';

/**
 * Request a change: passengers, flights with their new dates (starting from the old ones), the reason (0, 1, 7); search
 * (a new search aborts the one running; it is asked again every 1.5 s until complete); pick an option from its flights
 * and per-passenger quote; request it at the total shown. A higher total at the server comes back as a price change
 * the agent accepts or answers by picking again.
 */
export function ChangeDialog({ order, options, open, presetReason, dateFormat, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const search = useChangeSearch(order.id);
  const [picked, setPicked] = useState<string | null>(null);
  const [legsError, setLegsError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [priceChanged, setPriceChanged] = useState<{ option: ChangeOption; data: PriceChangedData } | null>(null);
  const intent = useIntentKey();
  const legText = useLegText(order.legs, dateFormat);

  const passengerIds = Form.useWatch('passengerIds', form) ?? [];
  const legs = openLegsOf(options, passengerIds);
  const allPassengers = options.open.map((o) => o.passengerId);
  const allLegs = openLegsOf(options, allPassengers);
  const oldDate = (leg: number) => {
    const first = order.legs[leg]?.segments[0];
    return first ? dayjs(first.departure.slice(0, 10), DAY) : null;
  };
  const initialValues: Values = {
    passengerIds: allPassengers,
    legOn: Object.fromEntries(allLegs.map((l) => [String(l), allLegs.length === 1])),
    dates: Object.fromEntries(allLegs.map((l) => [String(l), oldDate(l)])),
    reason: presetReason ?? undefined,
  };

  const answer = search.answer;
  const option = answer?.options.find((o) => o.optionId === picked) ?? null;

  const runSearch = (v: Values) => {
    setError(null);
    const chosen = legs.filter((l) => v.legOn?.[String(l)]);
    if (chosen.length === 0) {
      setLegsError(true);
      return;
    }
    setLegsError(false);
    setPicked(null);
    const body: ChangeSearchBody = {
      passengerIds: v.passengerIds,
      legs: chosen.map((l) => ({ leg: l, date: (v.dates?.[String(l)] ?? oldDate(l))!.format(DAY) })),
      reason: v.reason!,
    };
    search.start(body);
  };

  const submit = useMutation({
    mutationFn: ({ body, key }: { body: ChangeRequestBody; key: string; option: ChangeOption }) => requestChange(order.id, body, key),
    onSuccess: (next) => {
      intent.settled();
      setPriceChanged(null);
      notify.success(t('orders.afterSales.change.done', { booking: next.bookingNumber }));
      onDone(next);
      onClose();
      void navigate(paths.flightOrder(next.id));
    },
    onError: (err, { option: tried }) => {
      intent.settled(err);
      if (err instanceof ApiError && err.code === Code.PRICE_CHANGED && isPriceChanged(err.data)) {
        setPriceChanged({ option: tried, data: err.data });
        return;
      }
      setPriceChanged(null);
      setError(err.message || t('orders.afterSales.change.failed'));
    },
  });

  const request = (chosen: ChangeOption, acceptedTotal: number) => {
    if (!answer || !search.body) return;
    setError(null);
    const body: ChangeRequestBody = {
      searchId: answer.searchId,
      optionId: chosen.optionId,
      passengerIds: search.body.passengerIds,
      reason: search.body.reason,
      acceptedTotal,
      remark: (form.getFieldValue('remark') as string | undefined)?.trim() || null,
    };
    submit.mutate({ body, key: intent.keyFor(JSON.stringify(body)), option: chosen });
  };

  let results = null;
  if (search.body) {
    if (search.error) results = <Alert type="error" showIcon title={search.error.message || t('orders.afterSales.change.searchFailed')} />;
    else
      results = (
        <Flex vertical gap={12} data-testid="change-results">
          {search.searching && (
            <Flex gap={8} align="center">
              <Spin size="small" />
              <Typography.Text type="secondary">{t('orders.afterSales.change.searching')}</Typography.Text>
            </Flex>
          )}
          {answer?.involuntary && <Alert type="success" showIcon title={t('orders.afterSales.change.involuntary')} />}
          {answer && answer.complete && answer.options.length === 0 && <Empty description={t('orders.afterSales.change.noOptions')} />}
          {answer && answer.options.length > 0 && (
            <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value as string)} style={{ width: '100%' }} aria-label={t('orders.afterSales.change.options')}>
              <Flex vertical gap={12}>
                {answer.options.map((o) => (
                  <Card
                    key={o.optionId}
                    size="small"
                    data-testid="change-option"
                    style={{ borderColor: picked === o.optionId ? '#1677ff' : undefined }}
                    title={
                      <Radio value={o.optionId}>
                        {t('orders.afterSales.change.optionTotal', { amount: formatAmount(o.total, o.currency) })}
                      </Radio>
                    }
                  >
                    <Flex vertical gap={12}>
                      {o.solution.legs.map((leg, i) => (
                        <LegSummary key={i} leg={leg} showDate />
                      ))}
                      <ChangeQuoteTable lines={o.lines} currency={o.currency} />
                    </Flex>
                  </Card>
                ))}
              </Flex>
            </Radio.Group>
          )}
        </Flex>
      );
  }

  return (
    <>
      <Modal
        open={open}
        width={880}
        title={t('orders.afterSales.change.title', { booking: order.bookingNumber })}
        onCancel={onClose}
        destroyOnHidden
        afterClose={() => {
          search.stop();
          setPicked(null);
          setError(null);
          setLegsError(false);
          setPriceChanged(null);
          intent.reset();
          submit.reset();
        }}
        footer={[
          <Button key="close" onClick={onClose}>
            {t('orders.common.close')}
          </Button>,
          <Button key="submit" type="primary" disabled={!option} loading={submit.isPending} onClick={() => option && request(option, option.total)}>
            {option ? t('orders.afterSales.change.submitAmount', { amount: formatAmount(option.total, option.currency) }) : t('orders.afterSales.change.submit')}
          </Button>,
        ]}
      >
        <Flex vertical gap={16}>
          {error && <Alert type="error" showIcon title={error} />}
          <Form<Values>
            form={form}
            layout="vertical"
            name="change-request"
            clearOnDestroy
            initialValues={initialValues}
            onFinish={runSearch}
            onFinishFailed={({ values }) => setLegsError(!legs.some((l) => (values as Values).legOn?.[String(l)]))}
            onValuesChange={(changed: Partial<Values>) => {
              // New criteria make the options on screen stale: stop that search and forget them.
              if (search.body && Object.keys(changed).some((k) => k !== 'remark')) {
                search.stop();
                setPicked(null);
              }
              if ('legOn' in changed) setLegsError(false);
            }}
          >
            <InitialValues form={form} values={initialValues} />
            <Form.Item
              name="passengerIds"
              label={t('orders.afterSales.fields.passengers')}
              rules={[{ required: true, type: 'array', min: 1, message: t('orders.afterSales.errors.passengers') }]}
            >
              <Checkbox.Group>
                <Flex gap={12} wrap>
                  {options.open.map((p) => (
                    <Checkbox key={p.passengerId} value={p.passengerId}>
                      {p.name}
                    </Checkbox>
                  ))}
                </Flex>
              </Checkbox.Group>
            </Form.Item>
            <Form.Item label={t('orders.afterSales.change.legsAndDates')} required validateStatus={legsError ? 'error' : undefined} help={legsError ? t('orders.afterSales.errors.legs') : undefined}>
              <Flex vertical gap={8}>
                {legs.map((l) => (
                  <Flex key={l} gap={8} align="center" wrap data-testid={`change-leg-${l}`}>
                    <Form.Item name={['legOn', String(l)]} valuePropName="checked" noStyle>
                      <Checkbox style={{ flex: '1 1 260px' }}>{legText(l)}</Checkbox>
                    </Form.Item>
                    <Form.Item name={['dates', String(l)]} noStyle>
                      <DatePicker
                        allowClear={false}
                        aria-label={t('orders.afterSales.change.newDate', { n: l + 1 })}
                        disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                        style={{ flex: '0 0 160px' }}
                      />
                    </Form.Item>
                  </Flex>
                ))}
              </Flex>
            </Form.Item>
            <Form.Item name="reason" label={t('orders.afterSales.fields.reason')} rules={[{ required: true, message: t('orders.afterSales.errors.reason') }]}>
              <Select placeholder={t('orders.afterSales.fields.reasonPlaceholder')} options={CHANGE_REASONS.map((r) => ({ value: r, label: t(changeReasonKey(r)) }))} />
            </Form.Item>
            <Form.Item name="remark" label={t('orders.afterSales.fields.remark')} rules={[{ max: 500, message: t('orders.afterSales.errors.remarkTooLong') }]}>
              <Input.TextArea rows={2} maxLength={500} showCount placeholder={t('orders.afterSales.fields.remarkPlaceholder')} />
            </Form.Item>
            <Button type="primary" ghost htmlType="submit">
              {search.body ? t('orders.afterSales.change.searchAgain') : t('orders.afterSales.change.search')}
            </Button>
          </Form>
          {results}
        </Flex>
      </Modal>

      <Modal
        open={priceChanged !== null}
        title={t('orders.afterSales.change.priceChanged.title')}
        onCancel={() => setPriceChanged(null)}
        footer={
          priceChanged && [
            <Button
              key="again"
              onClick={() => {
                setPriceChanged(null);
                setPicked(null);
              }}
            >
              {t('orders.afterSales.change.priceChanged.pickAgain')}
            </Button>,
            <Button key="accept" type="primary" loading={submit.isPending} onClick={() => request(priceChanged.option, priceChanged.data.newTotal)}>
              {t('orders.afterSales.change.priceChanged.accept', { amount: formatAmount(priceChanged.data.newTotal, priceChanged.data.currency) })}
            </Button>,
          ]
        }
      >
        {priceChanged && (
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('orders.afterSales.change.priceChanged.body', {
              previous: formatAmount(priceChanged.data.previousTotal, priceChanged.data.currency),
              next: formatAmount(priceChanged.data.newTotal, priceChanged.data.currency),
            })}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
