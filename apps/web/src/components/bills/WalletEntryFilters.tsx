import type { ReactNode } from 'react';
import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WALLET_ENTRY_TYPES, type WalletEntryType } from '@portal/contract/api/bills';
import type { Currency } from '@portal/contract/currency';

export interface WalletEntryFilterValue {
  type?: WalletEntryType;
  from?: string;
  to?: string;
  currency?: Currency;
}

interface Props {
  value: WalletEntryFilterValue;
  onChange: (patch: WalletEntryFilterValue) => void;
  /** The currencies the wallet holds; the filter is left out when there is only one. */
  currencies: readonly Currency[];
  /** Actions on the right (export). */
  actions?: ReactNode;
}

const DAY = 'YYYY-MM-DD';

/** Both ends of a date range or neither: the server filters by whole days, inclusive. */
export function rangeValue(from?: string, to?: string): [Dayjs, Dayjs] | null {
  return from && to ? [dayjs(from, DAY), dayjs(to, DAY)] : null;
}

export function WalletEntryFilters({ value, onChange, currencies, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} justify="space-between" align="center">
      <Flex wrap gap={8}>
        <Select<WalletEntryType>
          value={value.type}
          onChange={(type) => onChange({ type })}
          placeholder={t('bills.filters.allTypes')}
          aria-label={t('bills.filters.type')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          options={WALLET_ENTRY_TYPES.map((type) => ({ value: type, label: t(`bills.entryTypes.${type}`) }))}
        />
        <DatePicker.RangePicker
          value={rangeValue(value.from, value.to)}
          onChange={(range) => onChange({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })}
          aria-label={t('bills.filters.dates')}
          placeholder={[t('bills.filters.from'), t('bills.filters.to')]}
          allowClear
          style={{ width: 260 }}
        />
        {currencies.length > 1 && (
          <Select<Currency>
            value={value.currency}
            onChange={(currency) => onChange({ currency })}
            placeholder={t('bills.filters.allCurrencies')}
            aria-label={t('bills.filters.currency')}
            allowClear
            style={{ width: 140 }}
            options={currencies.map((c) => ({ value: c, label: c }))}
          />
        )}
      </Flex>
      {actions}
    </Flex>
  );
}
