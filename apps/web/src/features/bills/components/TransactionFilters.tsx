import { useState, type ReactNode } from 'react';
import { DatePicker, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  type TransactionMethod,
  type TransactionQuery,
  type TransactionStatus,
} from '@portal/contract/api/bills';
import { rangeValue } from '../../../components/bills/WalletEntryFilters';

type Filters = Pick<TransactionQuery, 'method' | 'status' | 'from' | 'to' | 'keyword'>;

interface Props {
  value: Filters;
  onChange: (patch: Filters) => void;
  actions?: ReactNode;
}

const DAY = 'YYYY-MM-DD';

export function TransactionFilters({ value, onChange, actions }: Props) {
  const { t } = useTranslation();
  // The box is edited locally and searched on Enter or the button, not on every keystroke.
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  // Follow the URL when it changes from outside (back button, "clear filters").
  const [seen, setSeen] = useState(value.keyword);
  if (seen !== value.keyword) {
    setSeen(value.keyword);
    setKeyword(value.keyword ?? '');
  }

  return (
    <Flex wrap gap={8} justify="space-between" align="center">
      <Flex wrap gap={8}>
        <Input.Search
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => onChange({ keyword: v.trim() || undefined })}
          placeholder={t('bills.transactions.filters.keyword')}
          aria-label={t('bills.transactions.filters.keyword')}
          allowClear
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
        <DatePicker.RangePicker
          value={rangeValue(value.from, value.to)}
          onChange={(range) => onChange({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })}
          aria-label={t('bills.filters.dates')}
          placeholder={[t('bills.filters.from'), t('bills.filters.to')]}
          allowClear
          style={{ width: 260 }}
        />
      </Flex>
      {actions}
    </Flex>
  );
}
