import { Button, Flex, Segmented, Tooltip } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS, type SortKey } from '@portal/contract/api/shopping-constants';
import type { SortOrder } from '../model/search-query';

interface Props {
  sort: SortKey;
  order: SortOrder;
  onChange: (sort: SortKey, order: SortOrder) => void;
}

/** Price (the default), duration, departure, arrival; the arrow button flips the order. */
export function SortBar({ sort, order, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" wrap>
      <Segmented<SortKey>
        aria-label={t('flight.results.sortBy')}
        value={sort}
        options={SORT_KEYS.map((k) => ({ value: k, label: t(`flight.results.sort.${k}`) }))}
        onChange={(k) => onChange(k, 'asc')}
      />
      <Tooltip title={order === 'asc' ? t('flight.results.ascending') : t('flight.results.descending')}>
        <Button
          aria-label={order === 'asc' ? t('flight.results.ascending') : t('flight.results.descending')}
          icon={order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
          onClick={() => onChange(sort, order === 'asc' ? 'desc' : 'asc')}
        />
      </Tooltip>
    </Flex>
  );
}
