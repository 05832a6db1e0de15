import { useState, type ReactNode } from 'react';
import { Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Baggage, CancellationPolicy, FareChoice } from '@portal/contract/api/shopping';
import { regionNamer } from '../../lib/display-names';
import type { MoneyFormatter } from './money';
import './flight.css';

type Allowance = Baggage['carryOn'];
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

  const allowance = (a: Allowance) => {
    if (a.pieces === 0) return t('flight.fare.baggage.none');
    const each = a.weightKg !== null ? t('flight.fare.baggage.weight', { pieces: a.pieces, kg: a.weightKg }) : t('flight.fare.baggage.pieces', { count: a.pieces });
    return a.dimensions ? `${each} (${a.dimensions})` : each;
  };
  const freeChecked = fare.baggage.checked.pieces > 0;

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
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('flight.fare.baggage.carryOn')}: {allowance(fare.baggage.carryOn)} · {t('flight.fare.baggage.checked')}:{' '}
            <Typography.Text type={freeChecked ? 'success' : 'secondary'} style={{ fontSize: 12 }}>
              {allowance(fare.baggage.checked)}
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
      <Typography.Link onClick={() => setOpen((v) => !v)} style={{ fontSize: 12 }} aria-expanded={open}>
        {open ? t('flight.fare.hideRules') : t('flight.fare.showRules')}
      </Typography.Link>
      {open && <FareRules fare={fare} money={money} />}
    </div>
  );
}

function FareRules({ fare, money }: { fare: FareChoice; money: MoneyFormatter }) {
  const { t, i18n } = useTranslation();
  const region = regionNamer(i18n.language);
  const rule = (r: Rule, policy: CancellationPolicy) => {
    if (!r.allowed) return <Typography.Text type="danger">{t('flight.fare.rule.notAllowed')}</Typography.Text>;
    if (r.fee === 0) return <Typography.Text type="success">{t('flight.fare.rule.free')}</Typography.Text>;
    if (r.fee === null) return t('flight.fare.rule.allowed');
    return money(r.fee, policy.currency);
  };
  const { restrictions: r } = fare;
  const age =
    r.minAge === null && r.maxAge === null
      ? t('flight.fare.restrictions.none')
      : t('flight.fare.restrictions.ageRange', { min: r.minAge ?? 0, max: r.maxAge ?? '∞' });

  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      <Table<CancellationPolicy>
        size="small"
        pagination={false}
        rowKey="passengerType"
        scroll={{ x: 'max-content' }}
        dataSource={fare.cancellationPolicy}
        columns={[
          { title: t('flight.fare.rule.passenger'), dataIndex: 'passengerType', render: (v: string) => t(`flight.passengerType.${v}`) },
          { title: t('flight.fare.rule.changeBefore'), render: (_, p) => rule(p.change.beforeDeparture, p) },
          { title: t('flight.fare.rule.changeAfter'), render: (_, p) => rule(p.change.afterDeparture, p) },
          { title: t('flight.fare.rule.refundBefore'), render: (_, p) => rule(p.refund.beforeDeparture, p) },
          { title: t('flight.fare.rule.refundAfter'), render: (_, p) => rule(p.refund.afterDeparture, p) },
          { title: t('flight.fare.rule.noShow'), render: (_, p) => rule(p.noShow, p) },
          { title: t('flight.fare.rule.void'), render: (_, p) => (p.voidAllowed ? t('flight.fare.rule.yes') : t('flight.fare.rule.no')) },
        ]}
      />
      <Descriptions
        size="small"
        // Two columns at most: a long documents list in a three-column table squeezed its neighbours to a letter per line.
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'age', label: t('flight.fare.restrictions.age'), children: age },
          {
            key: 'documents',
            label: t('flight.fare.restrictions.documents'),
            children: r.documents.length ? r.documents.map((d) => t(`flight.documents.${d}`, { defaultValue: d })).join(', ') : t('flight.fare.restrictions.none'),
          },
          {
            key: 'allowed',
            label: t('flight.fare.restrictions.allowedCountries'),
            children: r.allowedCountries.length ? r.allowedCountries.map(region).join(', ') : t('flight.fare.restrictions.any'),
          },
          {
            key: 'forbidden',
            label: t('flight.fare.restrictions.forbiddenCountries'),
            children: r.forbiddenCountries.length ? r.forbiddenCountries.map(region).join(', ') : t('flight.fare.restrictions.none'),
          },
          { key: 'invoice', label: t('flight.fare.restrictions.invoiceType'), children: t(`flight.invoiceType.${r.invoiceType}`) },
          { key: 'channel', label: t('flight.fare.restrictions.channel'), children: r.ticketingChannel || '-' },
          {
            key: 'product',
            label: t('flight.fare.restrictions.productType'),
            children: t(`flight.productType.${r.productType}`),
          },
          ...(fare.expiresAt ? [{ key: 'expires', label: t('flight.fare.expiresAt'), children: fare.expiresAt.replace('T', ' ').slice(0, 16) }] : []),
        ]}
      />
    </Flex>
  );
}
