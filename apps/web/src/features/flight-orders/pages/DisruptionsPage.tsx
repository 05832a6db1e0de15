import { useState } from 'react';
import { Button, Card, Empty, Flex, Grid, Segmented, Table, Typography, type TableProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NoticeListQuery, type ScheduleNotice } from '@portal/contract/api/after-sales';
import { ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { CardList } from '../../../components/orders/CardList';
import { Countdown } from '../../../components/orders/Countdown';
import { paths } from '../../../app/paths';
import { formatDateTime } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { orderKeys } from '../api/order-keys';
import { useNotices } from '../api/schedule-changes';
import { NoticeAnswerDialog, type NoticeTarget } from '../components/notices/NoticeAnswerDialog';
import { NoticeFlights } from '../components/notices/NoticeFlights';
import { NoticeKindTag, NoticeStatusTag } from '../components/notices/NoticeTags';
import { OrdersLayout, menuUrl } from '../components/OrdersLayout';

/** Soonest deadline first (the server's order, kept when a page mixes answered and open notices). */
const byDeadline = (a: ScheduleNotice, b: ScheduleNotice) => a.deadline.localeCompare(b.deadline);

function Actions({ notice, onAnswer, stacked }: { notice: ScheduleNotice; onAnswer: (target: NoticeTarget) => void; stacked?: boolean }) {
  const { t } = useTranslation();
  if (notice.actions.length === 0)
    return (
      <Link to={paths.flightOrder(notice.orderId)} style={{ whiteSpace: 'nowrap' }}>
        {t('orders.disruptions.open')}
      </Link>
    );
  return (
    <Flex gap={4} wrap vertical={stacked}>
      {notice.actions.includes('accept') && (
        <Button size="small" type="primary" onClick={() => onAnswer({ notice, answer: 'accept' })}>
          {t('orders.notices.actions.accept')}
        </Button>
      )}
      {notice.actions.includes('refuse') && (
        <Button size="small" danger onClick={() => onAnswer({ notice, answer: 'refuse' })}>
          {t('orders.notices.actions.refuse')}
        </Button>
      )}
    </Flex>
  );
}

function Deadline({ notice, dateFormat, labelled }: { notice: ScheduleNotice; dateFormat: string; labelled?: boolean }) {
  const { t } = useTranslation();
  const time = formatDateTime(notice.deadline, dateFormat);
  return (
    <span className="orders-cell-lines">
      <span>{labelled ? t('orders.notices.answerBefore', { time }) : time}</span>
      {notice.status === 'open' && <Countdown deadline={notice.deadline} />}
    </span>
  );
}

/**
 * /flight/orders/disruptions: the airline schedule changes across the agency's orders, the open ones (soonest deadline
 * first) by default or all of them, each with its booking, what changed, until when, and the answer.
 */
export default function DisruptionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(NoticeListQuery);
  const notices = useNotices(query);
  const [target, setTarget] = useState<NoticeTarget | null>(null);
  const phone = Grid.useBreakpoint().xs === true;
  const items = [...(notices.data?.items ?? [])].sort(byDeadline);

  const empty = notices.isPending ? <div style={{ height: 96 }} /> : <Empty description={t(query.status === 'open' ? 'orders.disruptions.empty' : 'orders.disruptions.emptyAll')} />;
  const pagination = listPagination({
    page: query.page,
    pageSize: query.pageSize,
    total: notices.data?.total,
    showTotal: (total) => t('orders.disruptions.total', { count: total }),
    onChange: (page, pageSize) => setQuery({ page, pageSize }),
  });

  const columns: TableProps<ScheduleNotice>['columns'] = [
    {
      key: 'booking',
      title: t('orders.disruptions.columns.booking'),
      fixed: 'left',
      render: (_, n) => (
        <span className="orders-cell-lines">
          <Link to={paths.flightOrder(n.orderId)}>{n.bookingNumber}</Link>
          {n.recordLocator && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {n.recordLocator}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'kind',
      title: t('orders.disruptions.columns.kind'),
      render: (_, n) => (
        <Flex vertical gap={4} align="flex-start">
          <NoticeKindTag kind={n.kind} />
          {query.status === 'all' && <NoticeStatusTag status={n.status} />}
        </Flex>
      ),
    },
    {
      key: 'flights',
      title: t('orders.disruptions.columns.flights'),
      render: (_, n) => (
        <div style={{ minWidth: 300 }}>
          <NoticeFlights notice={n} dateFormat={dateFormat} />
        </div>
      ),
    },
    { key: 'deadline', title: t('orders.disruptions.columns.deadline'), render: (_, n) => <Deadline notice={n} dateFormat={dateFormat} /> },
    { key: 'actions', title: t('orders.disruptions.columns.actions'), render: (_, n) => <Actions notice={n} onAnswer={setTarget} stacked /> },
  ];

  return (
    <OrdersLayout
      header={
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('orders.title.disruptions')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('orders.disruptions.subtitle')}</Typography.Text>
        </Flex>
      }
      selected="disruptions"
      onSelect={(key) => void navigate(menuUrl(key))}
    >
      <Card styles={{ body: { padding: phone ? 0 : undefined } }}>
        <Flex vertical gap={12}>
          <div style={{ padding: phone ? '12px 12px 0' : 0 }}>
            <Segmented<'open' | 'all'>
              value={query.status}
              onChange={(status) => setQuery({ status })}
              options={[
                { value: 'open', label: t('orders.disruptions.filter.open') },
                { value: 'all', label: t('orders.disruptions.filter.all') },
              ]}
            />
          </div>
          <ListQueryView query={notices} errorTitle={t('orders.disruptions.errors.load')}>
            {phone ? (
              <CardList
                items={items}
                loading={notices.isFetching}
                empty={empty}
                pagination={pagination}
                rowKey={(n) => n.id}
                renderCard={(n) => (
                  <Flex vertical gap={8} className="orders-card" data-testid="notice-card">
                    <Flex justify="space-between" align="center" gap={8} wrap>
                      <Link to={paths.flightOrder(n.orderId)} style={{ fontWeight: 600 }}>
                        {n.bookingNumber}
                      </Link>
                      <Flex gap={4} wrap>
                        <NoticeKindTag kind={n.kind} />
                        {query.status === 'all' && <NoticeStatusTag status={n.status} />}
                      </Flex>
                    </Flex>
                    <NoticeFlights notice={n} dateFormat={dateFormat} compact />
                    <Flex justify="space-between" align="center" gap={8} wrap>
                      <Deadline notice={n} dateFormat={dateFormat} labelled />
                      <Actions notice={n} onAnswer={setTarget} />
                    </Flex>
                  </Flex>
                )}
              />
            ) : (
              <Table<ScheduleNotice>
                rowKey="id"
                size="middle"
                columns={columns}
                dataSource={items}
                loading={notices.isFetching}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: empty }}
                pagination={pagination}
              />
            )}
          </ListQueryView>
        </Flex>
      </Card>
      <NoticeAnswerDialog
        target={target}
        dateFormat={dateFormat}
        onClose={() => setTarget(null)}
        onDone={() => void client.invalidateQueries({ queryKey: orderKeys.all })}
      />
    </OrdersLayout>
  );
}
