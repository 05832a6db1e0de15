import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { USER_LOG_ACTIONS, type UserLogQuery } from '@portal/contract/api/user-logs';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { toDayjsFormat } from '../../../lib/format';

interface Props {
  query: UserLogQuery;
  onChange: (patch: Partial<UserLogQuery>) => void;
  dateFormat: string;
}

type Range = [Dayjs | null, Dayjs | null] | null;

/** Whole days in the user's time zone, sent as ISO instants so the server needs no time zone of its own. */
export function rangeToQuery(range: Range): Pick<UserLogQuery, 'from' | 'to'> {
  return {
    from: range?.[0] ? range[0].startOf('day').toISOString() : undefined,
    to: range?.[1] ? range[1].endOf('day').toISOString() : undefined,
  };
}

export function UserLogFilters({ query, onChange, dateFormat }: Props) {
  const { t } = useTranslation();
  const today = dayjs();
  const range: Range = query.from || query.to ? [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null] : null;

  return (
    <Space wrap size={[8, 8]}>
      <Select
        value={query.action}
        onChange={(action) => onChange({ action })}
        placeholder={t('userLog.filters.allActions')}
        aria-label={t('userLog.filters.action')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220 }}
        options={USER_LOG_ACTIONS.map((a) => ({ value: a, label: t(`userLog.actions.${a}`) }))}
      />
      <KeywordSearch
        value={query.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        label={t('userLog.filters.keyword')}
        maxLength={64}
        style={{ width: 240 }}
      />
      <DatePicker.RangePicker
        value={range}
        onChange={(next) => onChange(rangeToQuery(next))}
        format={toDayjsFormat(dateFormat)}
        allowEmpty={[true, true]}
        disabledDate={(d) => d.isAfter(today, 'day')}
        placeholder={[t('userLog.filters.from'), t('userLog.filters.to')]}
        presets={[
          { label: t('userLog.filters.today'), value: [today.startOf('day'), today.endOf('day')] },
          { label: t('userLog.filters.last7Days'), value: [today.subtract(6, 'day'), today] },
          { label: t('userLog.filters.last30Days'), value: [today.subtract(29, 'day'), today] },
        ]}
      />
    </Space>
  );
}
