import { useState, type ReactNode } from 'react';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CancellationPolicy, FareChoice } from '@portal/contract/api/shopping';
import { regionNamer } from '../../lib/display-names';
import { baggageText, ticketingChannelLabel } from './fare-labels';
import type { MoneyFormatter } from './money';
import './flight.css';

type Rule = { allowed: boolean; fee: number | null };

interface Props {
  fare: FareChoice;
  money: MoneyFormatter;
  /** The "Select" button of the results list; nothing on the confirm page. */
  action?: ReactNode;
  /** Rules and restrictions start open (the confirm page) or behind a link (the results list). */
  rulesOpen?: boolean;
}

/**
 * One fare choice: brand, cabin, baggage, ticketing speed, supplier, price per passenger type and total, and on
 * demand the cancellation policy per passenger type (change, refund, no-show, void) and the restrictions.
 */
export function FareDetails({ fare, money, action, rulesOpen = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(rulesOpen);

  const freeChecked = fare.baggage.checked.pieces > 0 || Boolean(fare.baggage.checked.weightKg);

  return (
    <div className="flight-fare" data-testid="fare">
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Flex gap={6} wrap align="center">
            <Typography.Text strong>{fare.brand || t(`flight.cabin.${fare.cabin}`)}</Typography.Text>
            <Tag>{t(`flight.cabin.${fare.cabin}`)}</Tag>
            <Tag color="blue">{t(`flight.productType.${fare.productType}`)}</Tag>
            {fare.supplier && <Tag color="purple">{t('flight.fare.supplier', { supplier: fare.supplier })}</Tag>}
            {fare.virtualInterline && <Tag color="orange">{t('flight.fare.virtualInterline')}</Tag>}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="fare-baggage">
            {t('flight.fare.baggage.perPassenger')} · {t('flight.fare.baggage.carryOn')}: {baggageText(fare.baggage.carryOn, t)} · {t('flight.fare.baggage.checked')}:{' '}
            <Typography.Text type={freeChecked ? 'success' : 'secondary'} style={{ fontSize: 12 }}>
              {baggageText(fare.baggage.checked, t)}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {fare.priceList
              .filter((p) => p.count > 0)
              .map((p) => `${t(`flight.passengerType.${p.passengerType}`)} ${money(p.salePrice, p.currency)} × ${p.count}`)
              .join(' · ')}
          </Typography.Text>
          {fare.fareBasis.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('flight.fare.fareBasis')}: {fare.fareBasis.join(', ')}
            </Typography.Text>
          )}
        </Flex>
        <div className="flight-price-block">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('flight.fare.total')}
          </Typography.Text>
          <Typography.Text strong style={{ fontSize: 18, color: '#d4380d' }} data-testid="fare-total">
            {money(fare.totalSalePrice, fare.currency)}
          </Typography.Text>
          {action}
        </div>
      </Flex>
      {/* A disclosure, so a button (aria-expanded is not allowed on a link without href; axe aria-allowed-attr). */}
      <Button type="link" size="small" onClick={() => setOpen((v) => !v)} style={{ fontSize: 12, padding: 0, height: 'auto', alignSelf: 'flex-start' }} aria-expanded={open}>
        {open ? t('flight.fare.hideRules') : t('flight.fare.showRules')}
      </Button>
      {open && <FareRules fare={fare} money={money} />}
    </div>
  );
}

/** The rows of the rules table: one per rule, a column per passenger type. */
const RULES: { key: string; rule: (p: CancellationPolicy) => Rule | boolean }[] = [
  { key: 'changeBefore', rule: (p) => p.change.beforeDeparture },
  { key: 'changeAfter', rule: (p) => p.change.afterDeparture },
  { key: 'refundBefore', rule: (p) => p.refund.beforeDeparture },
  { key: 'refundAfter', rule: (p) => p.refund.afterDeparture },
  { key: 'noShow', rule: (p) => p.noShow },
  { key: 'void', rule: (p) => p.voidAllowed },
];

/**
 * The cancellation policy as a table with a row per rule and a column per passenger type (seven rule columns side by
 * side ran out of the card at 1280 px and on a phone): value columns have a minimum width, texts wrap between words,
 * and only a table still wider than its box (three passenger types on a phone) scrolls sideways. The restrictions
 * follow as a grid of labelled values.
 */
function FareRules({ fare, money }: { fare: FareChoice; money: MoneyFormatter }) {
  const { t, i18n } = useTranslation();
  const region = regionNamer(i18n.language);
  const value = (r: Rule | boolean, policy: CancellationPolicy): ReactNode => {
    if (typeof r === 'boolean') return r ? t('flight.fare.rule.yes') : t('flight.fare.rule.no');
    if (!r.allowed) return <Typography.Text type="danger">{t('flight.fare.rule.notAllowed')}</Typography.Text>;
    if (r.fee === 0) return <Typography.Text type="success">{t('flight.fare.rule.free')}</Typography.Text>;
    if (r.fee === null) return t('flight.fare.rule.allowed');
    return <span className="flight-rules__money">{money(r.fee, policy.currency)}</span>;
  };
  const { restrictions: r } = fare;
  const age =
    r.minAge === null && r.maxAge === null
      ? t('flight.fare.restrictions.none')
      : t('flight.fare.restrictions.ageRange', { min: r.minAge ?? 0, max: r.maxAge ?? '∞' });

  const list = (names: string[], empty: string) => (names.length ? names.join(', ') : empty);
  // Label above value in a grid of cells at least a column wide: a two-column table let a long documents list squeeze
  // its neighbours to a letter per line. Lists that may run long take a whole row.
  const restrictions: { key: string; label: string; value: ReactNode; wide?: boolean }[] = [
    { key: 'age', label: t('flight.fare.restrictions.age'), value: age },
    { key: 'invoice', label: t('flight.fare.restrictions.invoiceType'), value: t(`flight.invoiceType.${r.invoiceType}`) },
    { key: 'channel', label: t('flight.fare.restrictions.channel'), value: ticketingChannelLabel(r.ticketingChannel, t) },
    { key: 'product', label: t('flight.fare.restrictions.productType'), value: t(`flight.productType.${r.productType}`) },
    ...(fare.expiresAt ? [{ key: 'expires', label: t('flight.fare.expiresAt'), value: fare.expiresAt.replace('T', ' ').slice(0, 16) }] : []),
    {
      key: 'documents',
      label: t('flight.fare.restrictions.documents'),
      value: list(r.documents.map((d) => t(`flight.documents.${d}`, { defaultValue: d })), t('flight.fare.restrictions.none')),
      wide: r.documents.length > 1,
    },
    {
      key: 'allowed',
      label: t('flight.fare.restrictions.allowedCountries'),
      value: list(r.allowedCountries.map(region), t('flight.fare.restrictions.any')),
      wide: r.allowedCountries.length > 1,
    },
    {
      key: 'forbidden',
      label: t('flight.fare.restrictions.forbiddenCountries'),
      value: list(r.forbiddenCountries.map(region), t('flight.fare.restrictions.none')),
      wide: r.forbiddenCountries.length > 1,
    },
  ];

  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid="fare-rules">
      <div className="flight-rules">
        <Table<(typeof RULES)[number]>
          size="small"
          pagination={false}
          rowKey="key"
          tableLayout="auto"
          dataSource={RULES}
          columns={[
            {
              key: 'rule',
              title: t('flight.fare.rule.rule'),
              rowScope: 'row' as const,
              render: (_, row) => t(`flight.fare.rule.${row.key}`),
            },
            ...fare.cancellationPolicy.map((p) => ({
              key: p.passengerType,
              title: t(`flight.passengerType.${p.passengerType}`),
              render: (_: unknown, row: (typeof RULES)[number]) => (
                <div className="flight-rules__value" data-rule-value>
                  {value(row.rule(p), p)}
                </div>
              ),
            })),
          ]}
        />
      </div>
      <dl className="flight-restrictions">
        {restrictions.map((item) => (
          <div key={item.key} className={item.wide ? 'flight-restrictions__item flight-restrictions__item--wide' : 'flight-restrictions__item'}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Flex>
  );
}
