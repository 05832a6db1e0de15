import { useMemo, useState } from 'react';
import { Card, Flex, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RATE_BASE, minorDigits, minorToDecimal, priceByRate, type Currency } from '@portal/contract/currency';
import { formatPrice } from '../../../lib/format';
import { rateProblem, sameRate } from '../utils/rate-input';
import type { RateRow } from '../utils/rate-rows';

interface Props {
  rows: RateRow[];
  drafts?: Partial<Record<Currency, string>>;
}

/** A CNY amount priced in another currency the way the portal prices it (spec point 9: divide, round up). */
function convert(amountMinor: number, to: Currency, rate: string | null): string | null {
  if (rate === null || rateProblem(rate)) return null;
  try {
    return formatPrice(minorToDecimal(priceByRate(amountMinor, RATE_BASE, to, rate.trim()), to), to);
  } catch {
    return null;
  }
}

/** Shows the effect of a rate on a price before it is saved: the current result and, while editing, the new one. */
export function RateConverter({ rows, drafts }: Props) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<number>(1000);
  const [target, setTarget] = useState<Currency>('USD');
  const row = rows.find((r) => r.currency === target);
  const draft = drafts?.[target];

  const amountMinor = Math.round(amount * 10 ** minorDigits(RATE_BASE));
  const source = formatPrice(minorToDecimal(amountMinor, RATE_BASE), RATE_BASE);
  const now = convert(amountMinor, target, row?.rate ?? null);
  const changed = draft !== undefined && !(row?.rate && sameRate(draft, row.rate));
  const next = changed ? convert(amountMinor, target, draft) : null;
  const options = useMemo(() => rows.map((r) => ({ value: r.currency, label: r.currency })), [rows]);

  return (
    <Card size="small" title={t('platform.rates.converter.title')}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <InputNumber<number>
            value={amount}
            min={0}
            max={1_000_000_000}
            precision={2}
            prefix={RATE_BASE}
            onChange={(v) => setAmount(v ?? 0)}
            aria-label={t('platform.rates.converter.amount', { base: RATE_BASE })}
            style={{ width: 200 }}
          />
          <Typography.Text type="secondary">→</Typography.Text>
          <Select<Currency>
            value={target}
            onChange={setTarget}
            options={options}
            showSearch
            aria-label={t('platform.rates.converter.target')}
            style={{ width: 110 }}
          />
        </Flex>
        <div aria-live="polite">
          <Typography.Text strong data-testid="rate-preview-current">
            {now ? `${source} = ${now}` : t('platform.rates.converter.noRate', { currency: target })}
          </Typography.Text>
          {changed && (
            <div>
              <Typography.Text type={next ? 'warning' : 'secondary'} data-testid="rate-preview-next">
                {next ? t('platform.rates.converter.after', { result: `${source} = ${next}` }) : t('platform.rates.converter.invalid')}
              </Typography.Text>
            </div>
          )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('platform.rates.converter.rule')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
