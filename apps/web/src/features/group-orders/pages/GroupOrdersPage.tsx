import { useMemo } from 'react';
import { Button, Card, Flex, Grid, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ListEmpty, ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useGroupOrders } from '../api/get-group-orders';
import { GroupOrdersLayout } from '../components/GroupOrdersLayout';
import { GroupOrdersList } from '../components/GroupOrdersList';
import { groupListUrlQuery, listRequest } from '../model/group-menu';

/** /flight/group/order: the group menu with counts, a booking-number filter and a page of groups, all in the URL. */
export default function GroupOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(groupListUrlQuery);
  const params = useMemo(() => listRequest(query), [query]);
  const groups = useGroupOrders(params);
  const phone = Grid.useBreakpoint().xs === true;
  const filtered = Boolean(query.bookingNumber);
  const title = query.menu === 'all' ? t('groups.menu.all') : t(`groups.status.${query.menu}`);
  const empty = groups.isPending ? (
    <div style={{ height: 96 }} />
  ) : (
    <ListEmpty filtered={filtered} filteredText={t('groups.list.emptyFiltered')} emptyText={t('groups.list.empty')} onClear={() => setQuery({ bookingNumber: undefined })} />
  );

  return (
    <GroupOrdersLayout
      header={
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical gap={4}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('groups.title.list')}
            </Typography.Title>
            <Typography.Text type="secondary">{title}</Typography.Text>
          </Flex>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.groupBooking)}>
            {t('groups.list.newRequest')}
          </Button>
        </Flex>
      }
      selected={query.menu}
      onSelect={(menu) => setQuery({ menu })}
    >
      <Card styles={{ body: { padding: 16 } }}>
        <Input.Search
          key={query.bookingNumber ?? ''}
          defaultValue={query.bookingNumber ?? ''}
          allowClear
          maxLength={20}
          placeholder={t('groups.list.bookingNumber')}
          aria-label={t('groups.list.bookingNumber')}
          style={{ maxWidth: 320 }}
          onSearch={(v) => setQuery({ bookingNumber: v.trim() || undefined })}
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        <ListQueryView query={groups} errorTitle={t('groups.list.loadFailed')}>
          <GroupOrdersList
            cards={phone}
            items={groups.data?.items ?? []}
            loading={groups.isFetching}
            dateFormat={dateFormat}
            empty={empty}
            pagination={listPagination({
              page: query.page,
              pageSize: query.pageSize,
              total: groups.data?.total,
              showTotal: (total) => t('groups.list.total', { count: total }),
              onChange: (page, pageSize) => setQuery({ page, pageSize }),
            })}
          />
        </ListQueryView>
      </Card>
    </GroupOrdersLayout>
  );
}
