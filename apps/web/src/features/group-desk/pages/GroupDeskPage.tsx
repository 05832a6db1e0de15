import { useState } from 'react';
import { Button, Card, Flex, Select, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_DESK_DEFAULT_STATUSES, GROUP_ORDER_STATUSES, GroupDeskQuery, type GroupDeskItem, type GroupOrderStatus } from '@portal/contract/api/group-orders';
import { DeskHeader, DeskTable } from '../../../components/desk/DeskQueue';
import { paths } from '../../../app/paths';
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { GroupStatusTag } from '../../group-orders/components/GroupStatusTag';
import { useGroupDesk } from '../api/group-desk';
import { GroupQuoteDialog, type QuoteTarget } from '../components/GroupQuoteDialog';
import { GroupRejectDialog } from '../components/GroupRejectDialog';
import { GroupSeatsDialog } from '../components/GroupSeatsDialog';

/** The server's default view: what waits on the desk (a quote, the seats). */
const DEFAULT_STATUS: GroupOrderStatus[] = [...GROUP_DESK_DEFAULT_STATUSES];

/** /platform/group-desk: the platform's group desk quotes (or declines) its agencies' group requests. */
export default function GroupDeskPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(GroupDeskQuery);
  const status = query.status?.length ? query.status : DEFAULT_STATUS;
  const list = useGroupDesk({ ...query, status });
  const [quoting, setQuoting] = useState<QuoteTarget | null>(null);
  const [rejecting, setRejecting] = useState<QuoteTarget | null>(null);
  const [seating, setSeating] = useState<QuoteTarget | null>(null);

  const columns: TableProps<GroupDeskItem>['columns'] = [
    {
      key: 'agency',
      title: t('groups.desk.columns.agency'),
      fixed: 'left',
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column' }}>
          <Typography.Text strong>{g.companyName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {g.companyCode}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'booking',
      title: t('groups.list.columns.bookingNumber'),
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <Link to={paths.groupOrder(g.id)}>{g.bookingNumber}</Link>
          <GroupStatusTag status={g.status} />
        </span>
      ),
    },
    {
      key: 'trip',
      title: t('groups.list.columns.trip'),
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <span>{g.route}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(g.departureDate, dateFormat)} · {t(`groups.tripType.${g.tripType}`)} · {t(`groups.cabin.${g.cabin}`)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'travellers',
      title: t('groups.list.columns.travellers'),
      render: (_, g) => <span style={{ whiteSpace: 'nowrap' }}>{t('groups.list.travellers', g.passengers)}</span>,
    },
    {
      key: 'total',
      title: t('groups.list.columns.total'),
      align: 'right',
      render: (_, g) => <span style={{ whiteSpace: 'nowrap' }}>{g.total !== null && g.currency ? formatAmount(g.total, g.currency) : t('groups.list.awaitingQuote')}</span>,
    },
    {
      key: 'requested',
      title: t('groups.desk.columns.requested'),
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <span>{formatDateTime(g.createdAt, dateFormat)}</span>
          {g.createdBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {g.createdBy}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('groups.desk.columns.actions'),
      fixed: 'right',
      render: (_, g) => {
        // Every desk move the server offers on the group is answered from its row.
        const open = { quote: setQuoting, reject: setRejecting, seats: setSeating } as const;
        return g.deskActions.length ? (
          <Flex gap={4} wrap>
            {g.deskActions.map((a) => (
              <Button
                key={a}
                size="small"
                type={a === 'reject' ? 'default' : 'primary'}
                danger={a === 'reject'}
                onClick={() => open[a]({ id: g.id, bookingNumber: g.bookingNumber })}
              >
                {t(`groups.desk.actions.${a}`)}
              </Button>
            ))}
          </Flex>
        ) : (
          <Link to={paths.groupOrder(g.id)}>{t('groups.desk.open')}</Link>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <DeskHeader title={t('groups.desk.title')} subtitle={t('groups.desk.subtitle')} />
      <Card>
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text id="group-desk-status">{t('groups.desk.statusFilter')}</Typography.Text>
            <Select<GroupOrderStatus[]>
              mode="multiple"
              aria-labelledby="group-desk-status"
              style={{ minWidth: 240, maxWidth: '100%', flex: '1 1 240px' }}
              value={status}
              onChange={(v) => setQuery({ status: v.length ? v : DEFAULT_STATUS })}
              options={GROUP_ORDER_STATUSES.map((s) => ({ value: s, label: t(`groups.status.${s}`) }))}
            />
          </Flex>
          <DeskTable<GroupDeskItem>
            list={list}
            columns={columns}
            errorTitle={t('groups.desk.loadFailed')}
            emptyText={t('groups.desk.empty')}
            showTotal={(total) => t('groups.list.total', { count: total })}
            page={query.page}
            pageSize={query.pageSize}
            onPage={(page, pageSize) => setQuery({ page, pageSize })}
          />
        </Flex>
      </Card>
      <GroupQuoteDialog target={quoting} onClose={() => setQuoting(null)} />
      <GroupRejectDialog target={rejecting} onClose={() => setRejecting(null)} />
      <GroupSeatsDialog
        target={seating}
        onClose={() => setSeating(null)}
        onReject={(target) => {
          setSeating(null);
          setRejecting(target);
        }}
      />
    </Flex>
  );
}
