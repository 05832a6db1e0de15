import { Button, Flex, Segmented, Tooltip } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TRAIN_SORT_KEYS, type TrainSortKey } from '@portal/contract/api/trains';
import type { SortOrder } from '../model/search-url';

interface Props {
  sort: TrainSortKey;
  order: SortOrder;
  onChange: (sort: TrainSortKey, order: SortOrder) => void;
}

/** Departure (the default), duration, price; the arrow button flips the order. */
export function TrainSortBar({ sort, order, onChange }: Props) {
  const { t } = useTranslation();
  const orderLabel = order === 'asc' ? t('trains.results.ascending') : t('trains.results.descending');
  return (
    <Flex gap={8} align="center" wrap>
      <Segmented<TrainSortKey>
        aria-label={t('trains.results.sortBy')}
        value={sort}
        options={TRAIN_SORT_KEYS.map((k) => ({ value: k, label: t(`trains.results.sort.${k}`) }))}
        onChange={(k) => onChange(k, 'asc')}
      />
      <Tooltip title={orderLabel}>
        <Button aria-label={orderLabel} icon={order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />} onClick={() => onChange(sort, order === 'asc' ? 'desc' : 'asc')} />
      </Tooltip>
    </Flex>
  );
}
