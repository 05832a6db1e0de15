import type { ReactNode } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  type TransactionMethod,
  type TransactionQuery,
  type TransactionStatus,
} from '@portal/contract/api/bills';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { DateRangeFilter } from '../../../components/bills/filter-fields';

type Filters = Pick<TransactionQuery, 'method' | 'status' | 'from' | 'to' | 'keyword'>;

interface Props {
  value: Filters;
  onChange: (patch: Filters) => void;
  actions?: ReactNode;
}

export function TransactionFilters({ value, onChange, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} justify="space-between" align="center">
      <Flex wrap gap={8}>
        <KeywordSearch
          value={value.keyword}
          onSearch={(keyword) => onChange({ keyword })}
          label={t('bills.transactions.filters.keyword')}
          maxLength={64}
          style={{ width: 260 }}
        />
        <Select<TransactionMethod>
          value={value.method}
          onChange={(method) => onChange({ method })}
          placeholder={t('bills.transactions.filters.allMethods')}
          aria-label={t('bills.transactions.filters.method')}
          allowClear
          style={{ width: 190 }}
          options={TRANSACTION_METHODS.map((m) => ({ value: m, label: t(`bills.channels.${m}`) }))}
        />
        <Select<TransactionStatus>
          value={value.status}
          onChange={(status) => onChange({ status })}
          placeholder={t('bills.transactions.filters.allStatuses')}
          aria-label={t('bills.transactions.filters.status')}
          allowClear
          style={{ width: 150 }}
          options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`bills.statuses.${s}`) }))}
        />
        <DateRangeFilter from={value.from} to={value.to} onChange={onChange} />
      </Flex>
      {actions}
    </Flex>
  );
}
