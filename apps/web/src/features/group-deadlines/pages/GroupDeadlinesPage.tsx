import type { ReactNode } from 'react';
import { Card, Empty, Flex, Grid, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_DEADLINE_WITHIN_DAYS, GroupDeadlineQuery, type GroupDeadlineItem } from '@portal/contract/api/group-orders';
import { paths } from '../../../app/paths';
import { ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { CardList } from '../../../components/orders/CardList';
import { useNow } from '../../../components/orders/countdown';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { GroupStatusTag } from '../../group-orders/components/GroupStatusTag';
import { useGroupDeadlines } from '../api/group-deadlines';
import { relativeTime } from '../model/relative-time';

/** The windows the desk picks from (the server takes any 1 to 90). */
const WITHIN_OPTIONS = [1, 3, 7, 14, 30, GROUP_DEADLINE_WITHIN_DAYS.max];
const DAY_MS = 86_400_000;
const column = { display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' } as const;

function Agency({ g }: { g: GroupDeadlineItem }) {
  return (
    <span style={column}>
      <Typography.Text strong>{g.companyName}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {g.companyCode}
      </Typography.Text>
    </span>
  );
}

/** "in 2 days" (red once passed, amber within a day; ticking) over the absolute time in the user's format. */
function Due({ g, dateFormat }: { g: GroupDeadlineItem; dateFormat: string }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const left = Date.parse(g.dueAt) - now;
  return (
    <span style={column}>
      <Typography.Text strong type={left <= 0 ? 'danger' : left <= DAY_MS ? 'warning' : undefined}>
        {relativeTime(g.dueAt, now, i18n.language)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(g.dueAt, dateFormat)}
      </Typography.Text>
    </span>
  );
}

/** The instalment's amount; for a quote to confirm, its total, said so. */
function Amount({ g }: { g: GroupDeadlineItem }) {
  const { t } = useTranslation();
  return (
    <span style={{ ...column, alignItems: 'flex-end' }}>
      <span>{formatAmount(g.amount, g.currency)}</span>
      {g.deadline === 'confirm' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('groups.deadlines.quoteTotal')}
        </Typography.Text>
      )}
    </span>
  );
}

function Reminders({ g, dateFormat }: { g: GroupDeadlineItem; dateFormat: string }) {
  const { t } = useTranslation();
  if (g.reminders.length === 0) return <Typography.Text type="secondary">{t('groups.deadlines.noReminders')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {g.reminders.map((r) => (
        <Tag key={r.lead} title={t('groups.deadlines.sentAt', { time: formatDateTime(r.sentAt, dateFormat) })} style={{ marginInlineEnd: 0 }}>
          {t(`groups.deadlines.lead.${r.lead}`)}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * /platform/group-deadlines: the group desk's view of what falls due across its agencies (quotes to confirm, instalments
 * to pay), soonest first, with the reminders already mailed; a table, or a card per group on a phone.
 */
export default function GroupDeadlinesPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(GroupDeadlineQuery);
  const list = useGroupDeadlines(query);
  const phone = Grid.useBreakpoint().xs === true;
  const items = list.data?.items ?? [];
  const deadline = (g: GroupDeadlineItem) => t(`group.deadline.${g.deadline}`);
  const booking = (g: GroupDeadlineItem) => <Link to={paths.groupOrder(g.id)}>{g.bookingNumber}</Link>;
  const empty: ReactNode = list.isPending ? <div style={{ height: 96 }} /> : <Empty description={t('groups.deadlines.empty', { count: query.withinDays })} />;
  const pagination = listPagination({
    page: query.page,
    pageSize: query.pageSize,
    total: list.data?.total,
    showTotal: (total) => t('groups.deadlines.total', { count: total }),
    onChange: (page, pageSize) => setQuery({ page, pageSize }),
  });

  const columns: TableProps<GroupDeadlineItem>['columns'] = [
    { key: 'agency', title: t('groups.deadlines.columns.agency'), fixed: 'left', render: (_, g) => <Agency g={g} /> },
    {
      key: 'booking',
      title: t('groups.deadlines.columns.booking'),
      render: (_, g) => (
        <span style={column}>
          {booking(g)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {g.route}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'deadline',
      title: t('groups.deadlines.columns.deadline'),
      render: (_, g) => (
        <span style={{ ...column, alignItems: 'flex-start', gap: 4 }}>
          <span>{deadline(g)}</span>
          <GroupStatusTag status={g.status} />
        </span>
      ),
    },
    { key: 'dueAt', title: t('groups.deadlines.columns.dueAt'), render: (_, g) => <Due g={g} dateFormat={dateFormat} /> },
    { key: 'amount', title: t('groups.deadlines.columns.amount'), align: 'right', render: (_, g) => <Amount g={g} /> },
    { key: 'reminders', title: t('groups.deadlines.columns.reminders'), render: (_, g) => <Reminders g={g} dateFormat={dateFormat} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('groups.deadlines.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('groups.deadlines.subtitle')}</Typography.Text>
      </Flex>
      <Card styles={{ body: phone ? { padding: 0 } : undefined }}>
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap style={phone ? { padding: '12px 16px 0' } : undefined}>
            <Typography.Text id="group-deadlines-within">{t('groups.deadlines.within')}</Typography.Text>
            <Select<number>
              aria-labelledby="group-deadlines-within"
              style={{ width: 140 }}
              value={query.withinDays}
              onChange={(withinDays) => setQuery({ withinDays })}
              options={WITHIN_OPTIONS.map((days) => ({ value: days, label: t('groups.deadlines.days', { count: days }) }))}
            />
          </Flex>
          <ListQueryView query={list} errorTitle={t('groups.deadlines.loadFailed')}>
            {phone ? (
              <CardList
                items={items}
                loading={list.isFetching}
                empty={empty}
                pagination={pagination}
                rowKey={(g) => g.id}
                renderCard={(g) => (
                  <Flex vertical gap={6} data-testid="deadline-card" style={{ padding: '12px 16px', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
                    <Flex justify="space-between" align="center" gap={8}>
                      <span style={{ fontWeight: 600 }}>{booking(g)}</span>
                      <GroupStatusTag status={g.status} />
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {g.companyName} ({g.companyCode}) · {g.route}
                    </Typography.Text>
                    <Flex justify="space-between" align="flex-start" gap={8}>
                      <span style={column}>
                        <span>{deadline(g)}</span>
                        <Due g={g} dateFormat={dateFormat} />
                      </span>
                      <Amount g={g} />
                    </Flex>
                    <Reminders g={g} dateFormat={dateFormat} />
                  </Flex>
                )}
              />
            ) : (
              <Table<GroupDeadlineItem>
                rowKey="id"
                size="middle"
                columns={columns}
                dataSource={items}
                loading={list.isFetching}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: empty }}
                pagination={pagination}
              />
            )}
          </ListQueryView>
        </Flex>
      </Card>
    </Flex>
  );
}
