import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Flex, Form, Input, Row, Select } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '@portal/contract/api/flight-orders';
import { useAgencyUsers } from '../api/get-users';
import { statusOptions, type OrderListUrlQuery } from '../model/order-menu';

const DAY = 'YYYY-MM-DD';

type Range = [Dayjs, Dayjs] | null;

interface Values {
  bookingNumber?: string;
  pnr?: string;
  ticketNumber?: string;
  passengerName?: string;
  flightNumber?: string;
  status?: OrderStatus[];
  paymentStatus?: PaymentStatus;
  created?: Range;
  departure?: Range;
  createdBy?: string;
}

export type FilterPatch = Partial<Pick<OrderListUrlQuery, 'bookingNumber' | 'pnr' | 'ticketNumber' | 'passengerName' | 'flightNumber' | 'status' | 'paymentStatus' | 'createdFrom' | 'createdTo' | 'departureFrom' | 'departureTo' | 'createdBy'>>;

export const CLEARED_FILTERS: FilterPatch = {
  bookingNumber: undefined,
  pnr: undefined,
  ticketNumber: undefined,
  passengerName: undefined,
  flightNumber: undefined,
  status: undefined,
  paymentStatus: undefined,
  createdFrom: undefined,
  createdTo: undefined,
  departureFrom: undefined,
  departureTo: undefined,
  createdBy: undefined,
};

const range = (from?: string, to?: string): Range => (from && to ? [dayjs(from, DAY), dayjs(to, DAY)] : null);
const text = (v?: string) => (v?.trim() ? v.trim() : undefined);

function toValues(q: OrderListUrlQuery): Values {
  return {
    bookingNumber: q.bookingNumber,
    pnr: q.pnr,
    ticketNumber: q.ticketNumber,
    passengerName: q.passengerName,
    flightNumber: q.flightNumber,
    status: q.status,
    paymentStatus: q.paymentStatus,
    created: range(q.createdFrom, q.createdTo),
    departure: range(q.departureFrom, q.departureTo),
    createdBy: q.createdBy,
  };
}

function toPatch(v: Values): FilterPatch {
  return {
    bookingNumber: text(v.bookingNumber),
    pnr: text(v.pnr)?.toUpperCase(),
    ticketNumber: text(v.ticketNumber),
    passengerName: text(v.passengerName),
    flightNumber: text(v.flightNumber)?.toUpperCase(),
    status: v.status?.length ? v.status : undefined,
    paymentStatus: v.paymentStatus,
    createdFrom: v.created?.[0]?.format(DAY),
    createdTo: v.created?.[1]?.format(DAY),
    departureFrom: v.departure?.[0]?.format(DAY),
    departureTo: v.departure?.[1]?.format(DAY),
    createdBy: v.createdBy,
  };
}

interface Props {
  query: OrderListUrlQuery;
  onChange: (patch: FilterPatch) => void;
}

/** The order list's filter bar: every filter of the list call; applied on "Search" (or Enter), kept in the URL. */
export function OrderFilters({ query, onChange }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const users = useAgencyUsers();
  // The rarer filters fold away unless one of them is in use.
  const moreInUse = Boolean(query.ticketNumber || query.flightNumber || query.createdFrom || query.departureFrom || query.paymentStatus || query.createdBy);
  const [expanded, setExpanded] = useState(moreInUse);

  useEffect(() => {
    form.setFieldsValue(toValues(query));
  }, [form, query]);
  useEffect(() => {
    if (moreInUse) setExpanded(true);
  }, [moreInUse]);

  const options = statusOptions(query.menu).map((s) => ({ value: s, label: t(`orders.status.${s}`) }));
  const userOptions = (users.data?.items ?? []).map((u) => ({ value: u.id, label: u.nickname ? `${u.nickname} (${u.username})` : u.username }));
  const col = { xs: 24, sm: 12, lg: 8, xxl: 6 };

  return (
    <Form<Values> form={form} layout="vertical" name="order-filters" initialValues={toValues(query)} onFinish={(v) => onChange(toPatch(v))} role="search" aria-label={t('orders.filters.label')}>
      <Row gutter={[16, 0]}>
        <Col {...col}>
          <Form.Item name="bookingNumber" label={t('orders.filters.bookingNumber')}>
            <Input allowClear maxLength={40} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="pnr" label={t('orders.filters.pnr')}>
            <Input allowClear maxLength={10} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="passengerName" label={t('orders.filters.passengerName')}>
            <Input allowClear maxLength={60} placeholder={t('orders.filters.passengerNamePlaceholder')} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="status" label={t('orders.filters.status')}>
            <Select mode="multiple" allowClear options={options} placeholder={t('orders.filters.anyStatus')} maxTagCount="responsive" optionFilterProp="label" />
          </Form.Item>
        </Col>
        {expanded && (
          <>
            <Col {...col}>
              <Form.Item name="ticketNumber" label={t('orders.filters.ticketNumber')}>
                <Input allowClear maxLength={20} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="flightNumber" label={t('orders.filters.flightNumber')}>
                <Input allowClear maxLength={10} placeholder="CA1501" />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="created" label={t('orders.filters.created')}>
                <DatePicker.RangePicker allowClear style={{ width: '100%' }} placeholder={[t('orders.filters.from'), t('orders.filters.to')]} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="departure" label={t('orders.filters.departure')}>
                <DatePicker.RangePicker allowClear style={{ width: '100%' }} placeholder={[t('orders.filters.from'), t('orders.filters.to')]} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="paymentStatus" label={t('orders.filters.paymentStatus')}>
                <Select
                  allowClear
                  placeholder={t('orders.filters.anyPaymentStatus')}
                  options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`orders.paymentStatus.${s}`) }))}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="createdBy" label={t('orders.filters.createdBy')}>
                <Select allowClear showSearch optionFilterProp="label" placeholder={t('orders.filters.anyone')} options={userOptions} loading={users.isLoading} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <Flex gap={8} wrap justify="flex-end">
        <Button type="link" onClick={() => setExpanded((v) => !v)} icon={expanded ? <UpOutlined /> : <DownOutlined />} aria-expanded={expanded}>
          {expanded ? t('orders.filters.less') : t('orders.filters.more')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(toValues({ ...query, ...CLEARED_FILTERS }));
            onChange(CLEARED_FILTERS);
          }}
        >
          {t('orders.filters.reset')}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('orders.filters.search')}
        </Button>
      </Flex>
    </Form>
  );
}
