import { Button, Select, Space } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AGENCY_BALANCE_FILTERS, AGENCY_STATUSES, type AgencyListQuery } from '@portal/contract/api/agencies';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { NO_FILTERS } from '../utils/use-agency-list-query';

interface Props {
  query: AgencyListQuery;
  hasFilters: boolean;
  onChange: (patch: Partial<AgencyListQuery>) => void;
}

export function AgencyFilters({ query, hasFilters, onChange }: Props) {
  const { t } = useTranslation();

  return (
    <Space wrap size={[8, 8]}>
      <KeywordSearch
        value={query.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        label={t('agency.filters.keyword')}
        maxLength={100}
        style={{ width: 280, maxWidth: '100%' }}
      />
      <Select
        value={query.status}
        onChange={(status) => onChange({ status })}
        placeholder={t('agency.filters.allStatuses')}
        aria-label={t('agency.filters.status')}
        allowClear
        style={{ width: 150 }}
        options={AGENCY_STATUSES.map((s) => ({ value: s, label: t(`agency.statuses.${s}`) }))}
      />
      <Select
        value={query.balance}
        onChange={(balance) => onChange({ balance })}
        placeholder={t('agency.filters.anyBalance')}
        aria-label={t('agency.filters.balance')}
        allowClear
        style={{ width: 170 }}
        options={AGENCY_BALANCE_FILTERS.map((b) => ({ value: b, label: t(`agency.filters.balances.${b}`) }))}
      />
      <Select
        value={query.hasCredit}
        onChange={(hasCredit) => onChange({ hasCredit })}
        placeholder={t('agency.filters.anyCredit')}
        aria-label={t('agency.filters.credit')}
        allowClear
        style={{ width: 170 }}
        options={[
          { value: 'true', label: t('agency.filters.credits.true') },
          { value: 'false', label: t('agency.filters.credits.false') },
        ]}
      />
      {hasFilters && (
        <Button icon={<ClearOutlined />} onClick={() => onChange(NO_FILTERS)}>
          {t('agency.actions.clearFilters')}
        </Button>
      )}
    </Space>
  );
}
