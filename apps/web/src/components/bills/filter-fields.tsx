import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

const DAY = 'YYYY-MM-DD';

/** Both ends of a date range or neither: the server filters by whole days, inclusive. */
export function rangeValue(from?: string, to?: string): [Dayjs, Dayjs] | null {
  return from && to ? [dayjs(from, DAY), dayjs(to, DAY)] : null;
}

/** The from/to days filter of the wallet entries and the transactions. */
export function DateRangeFilter({ from, to, onChange }: { from?: string; to?: string; onChange: (patch: { from?: string; to?: string }) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      value={rangeValue(from, to)}
      onChange={(range) => onChange({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })}
      aria-label={t('bills.filters.dates')}
      placeholder={[t('bills.filters.from'), t('bills.filters.to')]}
      allowClear
      style={{ width: 260 }}
    />
  );
}

/** The statement month filter (YYYY-MM) of the statements pages. */
export function MonthFilter({ value, onChange }: { value?: string; onChange: (month: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker
      picker="month"
      value={value ? dayjs(`${value}-01`) : null}
      onChange={(d) => onChange(d ? d.format('YYYY-MM') : undefined)}
      placeholder={t('bills.filters.month')}
      aria-label={t('bills.filters.month')}
      allowClear
      style={{ width: 180 }}
    />
  );
}
