import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/contract/currency';
import { useCurrency } from '../lib/format';
import { LightSelect } from './light/LightSelect';

/** The display currency switch (antd's Select once loaded: components/light/LightSelect.tsx). */
export function CurrencySelect({ style }: { style?: React.CSSProperties }) {
  const { t } = useTranslation();
  const { currency, currencies, setCurrency } = useCurrency();
  return (
    <LightSelect<Currency>
      aria-label={t('layout.footer.currency')}
      value={currency}
      onChange={setCurrency}
      showSearch
      style={{ minWidth: 110, ...style }}
      options={currencies.map((c) => ({ value: c, label: c }))}
    />
  );
}
