import { useId } from 'react';
import { Empty, Flex, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatementDay } from '@portal/contract/api/bills';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { formatAmount } from '../../lib/format';
import { chartScale, labelEvery } from './chart-scale';

interface Props {
  days: readonly StatementDay[];
  currency: Currency;
  /** Invoice month, YYYY-MM, for the chart's accessible name. */
  month: string;
}

const COLORS = { in: '#52c41a', out: '#ff4d4f', balance: '#1677ff', grid: '#f0f0f0', axis: '#8c8c8c' };
// The drawing scales to its box; a phone gets a narrower drawing so the labels stay readable instead of shrinking.
const WIDE = 720;
const NARROW = 360;
const HEIGHT = 240;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };

/** Axis labels in major units, compact (12.5K), so they fit beside the plot on a phone too. */
function compact(minor: number, currency: Currency): string {
  // `|| 0` turns a -0 tick (a scale that reaches below zero) into a plain 0.
  const major = minor / 10 ** minorDigits(currency) || 0;
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(major);
}

function Swatch({ color, line = false }: { color: string; line?: boolean }) {
  return (
    <svg width="16" height="10" aria-hidden="true" focusable="false">
      {line ? <line x1="0" y1="5" x2="16" y2="5" stroke={color} strokeWidth="2" /> : <rect width="16" height="10" rx="2" fill={color} />}
    </svg>
  );
}

/**
 * The month at a glance: money in above the zero line, money out below it, one pair per day, and the closing
 * balance of each day as a line. Drawn as plain SVG (no chart library); the figure carries a text summary for
 * screen readers and every day a tooltip with its numbers.
 */
export function StatementChart({ days, currency, month }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const screens = Grid.useBreakpoint();
  const width = screens.sm ? WIDE : NARROW;
  if (days.length === 0) return <Empty description={t('bills.chart.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;

  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const scale = chartScale(days, plotH);
  const y = (v: number) => PAD.top + scale.y(v);
  const band = plotW / days.length;
  const barW = Math.max(2, Math.min(18, band * 0.6));
  const cx = (i: number) => PAD.left + band * i + band / 2;
  const zero = y(0);
  const every = labelEvery(days.length);
  const money = (v: number) => formatAmount(v, currency);
  const totalIn = days.reduce((s, d) => s + d.in, 0);
  const totalOut = days.reduce((s, d) => s + Math.abs(d.out), 0);
  const last = days[days.length - 1];
  const line = days.map((d, i) => `${cx(i).toFixed(1)},${y(d.balance).toFixed(1)}`).join(' ');

  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
        style={{ display: 'block', maxHeight: 280 }}
      >
        <title id={titleId}>{t('bills.chart.title', { month })}</title>
        <desc id={descId}>
          {t('bills.chart.summary', { days: days.length, in: money(totalIn), out: money(totalOut), balance: money(last.balance) })}
        </desc>
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? COLORS.axis : COLORS.grid} />
            <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11" fill={COLORS.axis}>
              {compact(tick, currency)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const out = Math.abs(d.out);
          return (
            <g key={d.date} data-testid="chart-day">
              <title>
                {t('bills.chart.day', { date: d.date, in: money(d.in), out: money(out), balance: money(d.balance) })}
              </title>
              {/* A transparent band so the tooltip works anywhere in the day's column, not just on thin bars. */}
              <rect x={PAD.left + band * i} y={PAD.top} width={band} height={plotH} fill="transparent" />
              {d.in > 0 && <rect x={cx(i) - barW / 2} y={y(d.in)} width={barW} height={Math.max(1, zero - y(d.in))} fill={COLORS.in} rx="1" />}
              {out > 0 && <rect x={cx(i) - barW / 2} y={zero} width={barW} height={Math.max(1, y(-out) - zero)} fill={COLORS.out} rx="1" />}
              {i % every === 0 && (
                <text x={cx(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill={COLORS.axis}>
                  {Number(d.date.slice(8, 10))}
                </text>
              )}
            </g>
          );
        })}
        <polyline points={line} fill="none" stroke={COLORS.balance} strokeWidth="2" strokeLinejoin="round" />
        {days.length <= 31 &&
          days.map((d, i) => <circle key={d.date} cx={cx(i)} cy={y(d.balance)} r="2.5" fill={COLORS.balance} />)}
      </svg>
      <figcaption>
        <Flex wrap gap={16} justify="center" style={{ fontSize: 12 }}>
          <Flex align="center" gap={6}>
            <Swatch color={COLORS.in} />
            <Typography.Text type="secondary">{t('bills.chart.legend.in')}</Typography.Text>
          </Flex>
          <Flex align="center" gap={6}>
            <Swatch color={COLORS.out} />
            <Typography.Text type="secondary">{t('bills.chart.legend.out')}</Typography.Text>
          </Flex>
          <Flex align="center" gap={6}>
            <Swatch color={COLORS.balance} line />
            <Typography.Text type="secondary">{t('bills.chart.legend.balance')}</Typography.Text>
          </Flex>
        </Flex>
      </figcaption>
    </figure>
  );
}
