import { useMemo } from 'react';
import { Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RATE_BASE, crossRate, type Currency } from '@portal/contract/currency';
import { currencyNamer } from '../../../lib/display-names';
import { formatDateTime } from '../../../lib/format';
import { draftProblem, rateProblem, sameRate } from '../utils/rate-input';
import type { RateRow } from '../utils/rate-rows';

interface Props {
  rows: RateRow[];
  loading: boolean;
  dateFormat: string;
  /** Present in edit mode: the text typed per currency (untouched rows have none). */
  drafts?: Partial<Record<Currency, string>>;
  /** Messages the server gave per currency on the last save. */
  serverErrors?: Partial<Record<Currency, string>>;
  onDraftChange?: (currency: Currency, text: string) => void;
}

/** "1 CNY = 0.140845 USD": the other way round, so a rate typed upside down (0.14 for 7.1) stands out. */
function inverse(currency: Currency, rate: string | null): string | null {
  if (rate === null || rateProblem(rate)) return null;
  try {
    return crossRate({ [currency]: rate.trim() }, currency, RATE_BASE);
  } catch {
    return null;
  }
}

export function RatesTable({ rows, loading, dateFormat, drafts, serverErrors, onDraftChange }: Props) {
  const { t, i18n } = useTranslation();
  const currencyName = useMemo(() => currencyNamer(i18n.language), [i18n.language]);
  const editing = drafts !== undefined;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  const rateCell = (row: RateRow) => {
    if (!editing) return row.rate === null ? <Tag>{t('platform.rates.notSet')}</Tag> : <Typography.Text code>{row.rate}</Typography.Text>;
    const draft = drafts[row.currency];
    const problem = draftProblem(row.rate, draft);
    const error = problem ? t(`platform.rates.problems.${problem}`) : serverErrors?.[row.currency];
    const changed = draft !== undefined && !problem && row.rate !== null && !sameRate(draft, row.rate);
    const errorId = `rate-error-${row.currency}`;
    return (
      <Flex vertical gap={2} style={{ width: 170 }}>
        <Input
          value={draft ?? row.rate ?? ''}
          onChange={(e) => onDraftChange?.(row.currency, e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          status={error ? 'error' : changed ? 'warning' : undefined}
          aria-label={t('platform.rates.inputLabel', { currency: row.currency })}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          placeholder={t('platform.rates.placeholder')}
        />
        {error ? (
          <Typography.Text id={errorId} type="danger" style={{ fontSize: 12 }} role="alert">
            {error}
          </Typography.Text>
        ) : changed ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('platform.rates.was', { rate: row.rate })}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  };

  const columns: TableColumnsType<RateRow> = [
    {
      title: t('platform.rates.columns.currency'),
      dataIndex: 'currency',
      width: 130,
      fixed: 'left',
      render: (currency: Currency) => (
        <Flex vertical>
          <Typography.Text strong>{currency}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {currencyName(currency)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('platform.rates.columns.rate', { base: RATE_BASE }), key: 'rate', width: 190, render: (_, row) => rateCell(row) },
    {
      title: t('platform.rates.columns.inverse', { base: RATE_BASE }),
      key: 'inverse',
      width: 180,
      render: (_, row) => {
        const value = inverse(row.currency, drafts?.[row.currency] ?? row.rate);
        return value ? `${value} ${row.currency}` : dash;
      },
    },
    {
      title: t('platform.rates.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v, dateFormat) : dash),
    },
  ];

  return (
    <Table<RateRow>
      rowKey="currency"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
