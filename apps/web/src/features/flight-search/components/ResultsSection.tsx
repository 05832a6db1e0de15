import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Drawer, Empty, Flex, Grid, Progress, Result, Row, Skeleton, Spin, Typography } from 'antd';
import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FareChoice, Solution, SolutionFilters } from '@portal/contract/api/shopping';
import { SEARCH_TTL_MINUTES, type SortKey } from '@portal/contract/api/shopping-constants';
import { useMoney } from '../../../components/flight/money';
import { useSolutions } from '../api/get-solutions';
import type { SortOrder } from '../model/search-query';
import { useDebounced } from '../../../lib/use-debounced';
import { useNow } from '../model/use-now';
import { FilterPanel, cleanFilters } from './FilterPanel';
import { SolutionCard } from './SolutionCard';
import { SortBar } from './SortBar';
import { VirtualList } from './VirtualList';

interface Props {
  searchId: string;
  startedAt: number | null;
  /** Labels of the legs of every solution ("Outbound", "Return", "Flight 2"); empty strings for a one-way trip. */
  legLabels: string[];
  sort: SortKey;
  order: SortOrder;
  onSortChange: (sort: SortKey, order: SortOrder) => void;
  onResearch: () => void;
  researching: boolean;
  onSelect: (solution: Solution, fare: FareChoice) => void;
}

export const FILTER_DEBOUNCE_MS = 300;
const TTL_MS = SEARCH_TTL_MINUTES * 60 * 1000;

const getKey = (s: Solution) => s.id;
/** A leg is about 72 px, plus the card's padding and the price column. */
const estimate = (s: Solution) => 40 + s.legs.length * 76;

/** Results of one search: progress, stale prompt, sort bar, filters and the windowed list of solutions. */
export function ResultsSection({ searchId, startedAt, legLabels, sort, order, onSortChange, onResearch, researching, onSelect }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.lg);
  const [filters, setFilters] = useState<SolutionFilters>({});
  const [drawer, setDrawer] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const sent = useDebounced(filters, FILTER_DEBOUNCE_MS);
  const query = useSolutions({ searchId, sort, order, filters: cleanFilters(sent) });
  const now = useNow(15_000);

  const pages = query.data?.pages;
  const first = pages?.[0];
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const progress = first?.progress;
  const stale = Boolean(first?.stale) || (startedAt !== null && now - startedAt > TTL_MS);
  const activeFilters = Object.keys(cleanFilters(filters)).length;

  const toggle = useCallback((id: string) => {
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The expanded fares belong to the list on screen: a new sort or filter starts folded.
  useEffect(() => setExpanded(new Set()), [sort, order, sent]);

  const legLabelsOf = useCallback((s: Solution) => s.legs.map((_, i) => legLabels[i] || undefined), [legLabels]);
  const renderItem = useCallback(
    (s: Solution) => <SolutionCard solution={s} legLabels={legLabelsOf(s)} money={money} expanded={expanded.has(s.id)} onToggle={toggle} onSelect={onSelect} />,
    [legLabelsOf, money, expanded, toggle, onSelect],
  );
  const estimateHeight = useCallback((s: Solution) => (expanded.has(s.id) ? estimate(s) + s.fares.length * 130 : estimate(s)), [expanded]);

  const panel = (
    <FilterPanel
      facets={first?.facets ?? null}
      currency={first?.currency ?? 'CNY'}
      filters={filters}
      onChange={setFilters}
      legLabels={legLabels.map((l, i) => l || t('flight.search.flightN', { n: i + 1 }))}
      money={money}
    />
  );

  if (query.isError && !first) {
    return (
      <Card>
        <Result
          status="error"
          title={t('flight.results.error')}
          subTitle={query.error.message}
          extra={[
            <Button key="retry" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('flight.results.retry')}
            </Button>,
            <Button key="again" type="primary" loading={researching} onClick={onResearch}>
              {t('flight.results.searchAgain')}
            </Button>,
          ]}
        />
      </Card>
    );
  }

  const searching = !progress?.done;
  const list =
    !first ? (
      <Card>
        <Skeleton active />
      </Card>
    ) : items.length === 0 && searching ? (
      <Card>
        <Flex vertical align="center" gap={8} style={{ padding: 32 }}>
          <Spin />
          <Typography.Text type="secondary">{t('flight.results.waiting')}</Typography.Text>
        </Flex>
      </Card>
    ) : items.length === 0 ? (
      <Card>
        <Empty description={t(first.notice === 'shopping.search.noMatch' || activeFilters > 0 ? 'shopping.search.noMatch' : 'shopping.search.noFlights')}>
          {activeFilters > 0 && <Button onClick={() => setFilters({})}>{t('flight.filters.reset')}</Button>}
        </Empty>
      </Card>
    ) : (
      <>
        <VirtualList items={items} getKey={getKey} estimateHeight={estimateHeight} renderItem={renderItem} onEndReached={loadMore} />
        {(isFetchingNextPage || hasNextPage) && (
          <Flex justify="center" style={{ padding: 16 }}>
            <Spin size="small" />
          </Flex>
        )}
      </>
    );

  return (
    <Flex vertical gap={12} data-testid="results">
      {progress && !progress.done && (
        <Card size="small">
          <Typography.Text>{t('flight.results.progress', { answered: progress.answered, asked: progress.asked })}</Typography.Text>
          <Progress
            percent={progress.asked ? Math.round((progress.answered / progress.asked) * 100) : 0}
            status="active"
            showInfo={false}
            aria-label={t('flight.results.progress', { answered: progress.answered, asked: progress.asked })}
          />
        </Card>
      )}
      {stale && (
        <Alert
          type="warning"
          showIcon
          title={t('shopping.search.stale')}
          action={
            <Button size="small" type="primary" icon={<ReloadOutlined />} loading={researching} onClick={onResearch}>
              {t('flight.results.searchAgain')}
            </Button>
          }
        />
      )}
      {/* A supplier that answered with an error is not one that ran out of time: each is told as what it was. */}
      {progress?.done && progress.failed + progress.timedOut > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="missing-suppliers"
          title={
            <Flex vertical>
              {progress.failed > 0 && <span>{t('flight.results.failedSuppliers', { count: progress.failed, asked: progress.asked })}</span>}
              {progress.timedOut > 0 && <span>{t('flight.results.timedOutSuppliers', { count: progress.timedOut, asked: progress.asked })}</span>}
            </Flex>
          }
        />
      )}
      {query.isError && first && (
        <Alert
          type="warning"
          showIcon
          title={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('flight.results.retry')}
            </Button>
          }
        />
      )}
      <Row gutter={16} wrap={false}>
        {wide && (
          <Col flex="280px">
            <Card size="small">{panel}</Card>
          </Col>
        )}
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text type="secondary" aria-live="polite">
                {first
                  ? first.total === first.unfilteredTotal
                    ? t('flight.results.count', { count: first.total, total: first.total.toLocaleString('en-US') })
                    : t('flight.results.countFiltered', { shown: first.total.toLocaleString('en-US'), total: first.unfilteredTotal.toLocaleString('en-US') })
                  : ''}
              </Typography.Text>
              <Flex gap={8} wrap>
                {!wide && (
                  <Badge count={activeFilters} size="small">
                    <Button icon={<FilterOutlined />} onClick={() => setDrawer(true)}>
                      {t('flight.filters.title')}
                    </Button>
                  </Badge>
                )}
                <SortBar sort={sort} order={order} onChange={onSortChange} />
              </Flex>
            </Flex>
            {list}
          </Flex>
        </Col>
      </Row>
      {!wide && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} title={t('flight.filters.title')} placement="left" size={320}>
          {panel}
        </Drawer>
      )}
    </Flex>
  );
}
