import type { ReactNode } from 'react';
import { Flex, Table, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupOrderListItem } from '@portal/contract/api/group-orders';
import { CardList } from '../../../components/orders/CardList';
import { Countdown } from '../../../components/orders/Countdown';
import { paths } from '../../../app/paths';
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format';
import { GroupStatusTag } from './GroupStatusTag';

interface Props {
  items: GroupOrderListItem[];
  loading: boolean;
  dateFormat: string;
  pagination: TablePaginationConfig;
  empty: ReactNode;
  /** Phones get cards; anything wider the table. */
  cards: boolean;
}

function Travellers({ g }: { g: GroupOrderListItem }) {
  const { t } = useTranslation();
  return <>{t('groups.list.travellers', { adult: g.passengers.adult, child: g.passengers.child, infant: g.passengers.infant })}</>;
}

function Total({ g }: { g: GroupOrderListItem }) {
  const { t } = useTranslation();
  return g.total !== null && g.currency ? <>{formatAmount(g.total, g.currency)}</> : <Typography.Text type="secondary">{t('groups.list.awaitingQuote')}</Typography.Text>;
}

/** Confirm-by countdown while a quote waits for the agency. */
const ConfirmBy = ({ g }: { g: GroupOrderListItem }) => (g.status === 'to_be_confirm' && g.confirmBy ? <Countdown deadline={g.confirmBy} /> : null);

/** The groups of one menu entry: a table, or one card per group on a phone. */
export function GroupOrdersList({ items, loading, dateFormat, pagination, empty, cards }: Props) {
  const { t } = useTranslation();
  if (cards) {
    return (
      <CardList
        items={items}
        loading={loading}
        empty={empty}
        pagination={pagination}
        rowKey={(g) => g.id}
        renderCard={(g) => (
          <Flex vertical gap={6} className="groups-card" data-testid="group-card">
            <Flex justify="space-between" align="center" gap={8}>
              <Link to={paths.groupOrder(g.id)} style={{ fontWeight: 600 }}>
                {g.bookingNumber}
              </Link>
              <GroupStatusTag status={g.status} />
            </Flex>
            <Typography.Text>
              {g.route} · {formatDate(g.departureDate, dateFormat)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <Travellers g={g} /> · {t(`groups.cabin.${g.cabin}`)}
            </Typography.Text>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <ConfirmBy g={g} />
              <Typography.Text strong>
                <Total g={g} />
              </Typography.Text>
            </Flex>
          </Flex>
        )}
      />
    );
  }

  const columns: TableProps<GroupOrderListItem>['columns'] = [
    {
      key: 'booking',
      title: t('groups.list.columns.bookingNumber'),
      render: (_, g) => <Link to={paths.groupOrder(g.id)}>{g.bookingNumber}</Link>,
    },
    { key: 'status', title: t('groups.list.columns.status'), render: (_, g) => <GroupStatusTag status={g.status} /> },
    {
      key: 'trip',
      title: t('groups.list.columns.trip'),
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <span>{g.route}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`groups.tripType.${g.tripType}`)} · {formatDate(g.departureDate, dateFormat)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'travellers',
      title: t('groups.list.columns.travellers'),
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <Travellers g={g} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`groups.cabin.${g.cabin}`)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'total',
      title: t('groups.list.columns.total'),
      align: 'right',
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', whiteSpace: 'nowrap' }}>
          <Total g={g} />
          <ConfirmBy g={g} />
        </span>
      ),
    },
    {
      key: 'created',
      title: t('groups.list.columns.created'),
      render: (_, g) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <span>{formatDateTime(g.createdAt, dateFormat)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {g.createdBy ?? ''}
          </Typography.Text>
        </span>
      ),
    },
  ];
  return (
    <Table<GroupOrderListItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      pagination={pagination}
    />
  );
}
