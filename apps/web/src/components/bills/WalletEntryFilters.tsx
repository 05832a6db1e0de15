import type { ReactNode } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { WALLET_ENTRY_TYPES, type WalletEntryType } from '@portal/contract/api/bills';
import type { Currency } from '@portal/contract/currency';
import { DateRangeFilter } from './filter-fields';

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
        <DateRangeFilter from={value.from} to={value.to} onChange={onChange} />
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
