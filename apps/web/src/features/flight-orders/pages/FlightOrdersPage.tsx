import { useMemo } from 'react';
import { Card, Flex, Grid, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useOrders } from '../api/get-orders';
import { OrderCards } from '../components/OrderCards';
import { CLEARED_FILTERS, OrderFilters } from '../components/OrderFilters';
import { OrdersLayout, isPageKey, menuUrl } from '../components/OrdersLayout';
import { OrdersTable } from '../components/OrdersTable';
import { hasFilters, listRequest, orderListUrlQuery } from '../model/order-menu';

/** /flight/orders: the order menu, the filter bar and a page of orders; everything the user picks is in the URL. */
export default function FlightOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(orderListUrlQuery);
  const params = useMemo(() => listRequest(query), [query]);
  const orders = useOrders(params);
  const filtered = hasFilters(query);
  // Phones (antd xs, under 576 px) get cards; anything wider the table.
  const phone = Grid.useBreakpoint().xs === true;
  const items = orders.data?.items ?? [];
  // Before the first answer the spinner speaks; "nothing here" would not be true yet.
  const empty = orders.isPending ? (
    <div style={{ height: 96 }} />
  ) : (
    <ListEmpty filtered={filtered} filteredText={t('orders.list.emptyFiltered')} emptyText={t('orders.list.empty')} onClear={() => setQuery(CLEARED_FILTERS)} />
  );
  const pagination = listPagination({
    page: query.page,
    pageSize: query.pageSize,
    total: orders.data?.total,
    showTotal: (total) => t('orders.list.total', { count: total }),
    onChange: (page, pageSize) => setQuery({ page, pageSize }),
  });

  return (
    <OrdersLayout
      header={
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('orders.title.list')}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`orders.menu.${query.menu}`)}</Typography.Text>
        </Flex>
      }
      selected={query.menu}
      // Another entry narrows by other statuses: the status filter starts over, the other filters stay.
      onSelect={(key) => (isPageKey(key) ? void navigate(menuUrl(key)) : setQuery({ menu: key, status: undefined }))}
    >
      <Card styles={{ body: { padding: 16 } }}>
        <OrderFilters query={query} onChange={setQuery} />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        <ListQueryView query={orders} errorTitle={t('orders.list.errors.load')}>
          {phone ? (
            <OrderCards items={items} loading={orders.isFetching} dateFormat={dateFormat} pagination={pagination} empty={empty} />
          ) : (
            <OrdersTable
              items={items}
              loading={orders.isFetching}
              dateFormat={dateFormat}
              sort={{ sort: query.sort, order: query.order }}
              onSort={(sort) => setQuery(sort)}
              empty={empty}
              pagination={pagination}
            />
          )}
        </ListQueryView>
      </Card>
    </OrdersLayout>
  );
}
