import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Drawer, Empty, Flex, Grid, Result, Row, Skeleton, Spin, Typography } from 'antd';
import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TrainClassOffer, TrainSearchAnswer, TrainService, TrainSortKey } from '@portal/contract/api/trains';
import { activeFilterCount, NO_FILTERS, type SortOrder, type TrainFilterState } from '../model/search-url';
import { TrainCard } from './TrainCard';
import { TrainFilterPanel } from './TrainFilterPanel';
import { TrainSortBar } from './TrainSortBar';

interface Props {
  answer: TrainSearchAnswer | undefined;
  loading: boolean;
  /** A filter or sort change on its way while the previous list stays on screen. */
  updating: boolean;
  /** A failure with nothing to show, or a failed refresh above the shown list. */
  error: Error | null;
  onRetry: () => void;
  filters: TrainFilterState;
  onFiltersChange: (next: TrainFilterState) => void;
  sort: TrainSortKey;
  order: SortOrder;
  onSortChange: (sort: TrainSortKey, order: SortOrder) => void;
  onBook: (service: TrainService, offer: TrainClassOffer) => void;
}

/** The answer of one search: count, sort bar, filters (a side panel on wide screens, a drawer on phones), the trains. */
export function TrainResults({ answer, loading, updating, error, onRetry, filters, onFiltersChange, sort, order, onSortChange, onBook }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.lg);
  const [drawer, setDrawer] = useState(false);
  const active = activeFilterCount(filters);

  if (error && !answer) {
    return (
      <Card data-testid="results">
        <Result
          status="error"
          title={t('trains.results.error')}
          subTitle={error.message}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              {t('trains.results.retry')}
            </Button>
          }
        />
      </Card>
    );
  }

  const panel = <TrainFilterPanel facets={answer?.facets ?? null} filters={filters} onChange={onFiltersChange} />;
  const services = answer?.services ?? [];
  const shown = services.length;
  const total = answer?.total ?? 0;

  const list =
    loading && !answer ? (
      <Card>
        <Skeleton active />
      </Card>
    ) : shown === 0 ? (
      <Card>
        <Empty description={t('train.search.noTrains')} data-testid="no-trains">
          {active > 0 && <Button onClick={() => onFiltersChange(NO_FILTERS)}>{t('trains.filters.reset')}</Button>}
        </Empty>
      </Card>
    ) : (
      <Spin spinning={updating} delay={150}>
        <Flex vertical gap={8}>
          {services.map((s) => (
            <TrainCard key={`${s.serviceId}-${s.from.code}-${s.to.code}`} service={s} onBook={onBook} />
          ))}
        </Flex>
      </Spin>
    );

  return (
    <Flex vertical gap={12} data-testid="results">
      {error && answer && (
        <Alert
          type="warning"
          showIcon
          title={error.message}
          action={
            <Button size="small" onClick={onRetry}>
              {t('trains.results.retry')}
            </Button>
          }
        />
      )}
      <Row gutter={16} wrap={false}>
        {wide && (
          <Col flex="240px">
            <Card size="small">{panel}</Card>
          </Col>
        )}
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text type="secondary" aria-live="polite" data-testid="train-count">
                {answer
                  ? shown === total
                    ? t('trains.results.count', { count: total })
                    : t('trains.results.countFiltered', { shown: shown.toLocaleString('en-US'), total: total.toLocaleString('en-US') })
                  : ''}
              </Typography.Text>
              <Flex gap={8} wrap>
                {!wide && (
                  <Badge count={active} size="small">
                    <Button icon={<FilterOutlined />} onClick={() => setDrawer(true)}>
                      {t('trains.filters.title')}
                    </Button>
                  </Badge>
                )}
                <TrainSortBar sort={sort} order={order} onChange={onSortChange} />
              </Flex>
            </Flex>
            {list}
          </Flex>
        </Col>
      </Row>
      {!wide && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} title={t('trains.filters.title')} placement="left" size={300}>
          {panel}
        </Drawer>
      )}
    </Flex>
  );
}
