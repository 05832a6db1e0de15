import { useEffect } from 'react';
import { Button, Card, DatePicker, Flex, Form, Input, Table, Typography, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VoyageRow } from '@portal/contract/api/flight-orders';
import { ListEmpty, ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { OrderStatusTag } from '../../../components/orders/OrderStatusTag';
import { paths } from '../../../app/paths';
import { formatDate } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useVoyage } from '../api/get-voyage';
import { OrdersLayout, menuUrl } from '../components/OrdersLayout';
import { voyageUrlQuery } from '../model/voyage-query';

const DAY = 'YYYY-MM-DD';

interface Values {
  departure: [Dayjs, Dayjs];
  passengerName?: string;
  flightNumber?: string;
}

const time = (value: string) => value.slice(11, 16);

/** /flight/orders/voyage: who flies when: one row per passenger and flight, by departure. */
export default function VoyagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(voyageUrlQuery);
  const voyage = useVoyage(query);
  const [form] = Form.useForm<Values>();
  const filtered = Boolean(query.passengerName || query.flightNumber);

  useEffect(() => {
    form.setFieldsValue({
      departure: [dayjs(query.departureFrom, DAY), dayjs(query.departureTo, DAY)],
      passengerName: query.passengerName,
      flightNumber: query.flightNumber,
    });
  }, [form, query]);

  const columns: TableProps<VoyageRow>['columns'] = [
    {
      key: 'passenger',
      title: t('orders.voyage.columns.passenger'),
      fixed: 'left',
      render: (_, r) => (
        <span className="orders-cell-lines">
          <Typography.Text strong>{r.passenger}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`flight.passengerType.${r.passengerType}`)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'flight', title: t('orders.voyage.columns.flight'), dataIndex: 'flightNumber' },
    {
      key: 'date',
      title: t('orders.voyage.columns.date'),
      render: (_, r) => (
        <span className="orders-cell-lines">
          <span>{formatDate(r.departure.slice(0, 10), dateFormat)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {time(r.departure)} – {time(r.arrival)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'route', title: t('orders.voyage.columns.route'), render: (_, r) => `${r.origin} → ${r.destination}` },
    { key: 'cabin', title: t('orders.voyage.columns.cabin'), render: (_, r) => `${t(`flight.cabin.${r.cabin}`)} / ${r.bookingClass}` },
    { key: 'pnr', title: t('orders.voyage.columns.pnr'), render: (_, r) => r.recordLocator ?? '-' },
    {
      key: 'ticket',
      title: t('orders.voyage.columns.ticketNumber'),
      render: (_, r) => (r.ticketNumber ? <Typography.Text copyable>{r.ticketNumber}</Typography.Text> : '-'),
    },
    { key: 'status', title: t('orders.voyage.columns.status'), render: (_, r) => <OrderStatusTag status={r.status} /> },
    {
      key: 'booking',
      title: t('orders.voyage.columns.booking'),
      render: (_, r) => <Link to={paths.flightOrder(r.orderId)}>{r.bookingNumber}</Link>,
    },
  ];

  return (
    <OrdersLayout
      header={
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('orders.title.voyage')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('orders.voyage.subtitle')}</Typography.Text>
        </Flex>
      }
      selected="voyage"
      onSelect={(key) => void navigate(menuUrl(key))}
    >
      <Card styles={{ body: { padding: 16 } }}>
        <Form<Values>
          form={form}
          layout="vertical"
          name="voyage-filters"
          role="search"
          aria-label={t('orders.filters.label')}
          onFinish={(v) =>
            setQuery({
              departureFrom: v.departure[0].format(DAY),
              departureTo: v.departure[1].format(DAY),
              passengerName: v.passengerName?.trim() || undefined,
              flightNumber: v.flightNumber?.trim().toUpperCase() || undefined,
            })
          }
        >
          <Flex wrap align="flex-end" style={{ columnGap: 16 }}>
            <Form.Item name="departure" label={t('orders.voyage.filters.departure')} style={{ flex: '1 1 260px' }}>
              <DatePicker.RangePicker allowClear={false} style={{ width: '100%' }} placeholder={[t('orders.filters.from'), t('orders.filters.to')]} />
            </Form.Item>
            <Form.Item name="passengerName" label={t('orders.filters.passengerName')} style={{ flex: '1 1 200px' }}>
              <Input allowClear maxLength={60} placeholder={t('orders.filters.passengerNamePlaceholder')} />
            </Form.Item>
            <Form.Item name="flightNumber" label={t('orders.filters.flightNumber')} style={{ flex: '1 1 160px' }}>
              <Input allowClear maxLength={10} placeholder="CA1501" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('orders.filters.search')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        <ListQueryView query={voyage} errorTitle={t('orders.voyage.errors.load')}>
          <Table<VoyageRow>
            rowKey={(r) => `${r.orderId}-${r.passenger}-${r.flightNumber}-${r.departure}`}
            size="middle"
            columns={columns}
            dataSource={voyage.data?.items ?? []}
            loading={voyage.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: voyage.isPending ? (
                <div style={{ height: 96 }} />
              ) : (
                <ListEmpty
                  filtered={filtered}
                  filteredText={t('orders.voyage.emptyFiltered')}
                  emptyText={t('orders.voyage.empty')}
                  onClear={() => setQuery({ passengerName: undefined, flightNumber: undefined })}
                />
              ),
            }}
            pagination={listPagination({
              page: query.page,
              pageSize: query.pageSize,
              total: voyage.data?.total,
              showTotal: (total) => t('orders.voyage.total', { count: total }),
              onChange: (page, pageSize) => setQuery({ page, pageSize }),
            })}
          />
        </ListQueryView>
      </Card>
    </OrdersLayout>
  );
}
