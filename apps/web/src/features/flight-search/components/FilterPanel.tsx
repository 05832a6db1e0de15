import { Button, Checkbox, Divider, Flex, Radio, Slider, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Facets, SolutionFilters } from '@portal/contract/api/shopping';
import { CABIN_CLASSES, TICKETING_SPEEDS, TIME_BANDS, type CabinClass, type TimeBand } from '@portal/contract/api/shopping-constants';
import type { Currency } from '@portal/contract/currency';
import { formatDuration } from '../../../lib/format';
import { useReferenceNames } from '../../../lib/reference-names';
import type { MoneyFormatter } from '../../../components/flight/money';

interface Props {
  facets: Facets | null;
  currency: Currency;
  filters: SolutionFilters;
  onChange: (next: SolutionFilters) => void;
  legLabels: string[];
  money: MoneyFormatter;
}

/** Drops empty lists and unset values so the request (and the query key) only carries real filters. */
export function cleanFilters(f: SolutionFilters): SolutionFilters {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === false) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = Object.fromEntries(Object.entries(v as Record<string, unknown[]>).filter(([, list]) => list.length > 0));
      if (Object.keys(inner).length === 0) continue;
      out[k] = inner;
      continue;
    }
    out[k] = v;
  }
  return out as SolutionFilters;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ marginTop: 8 }}>{children}</div>
      <Divider style={{ margin: '12px 0' }} />
    </div>
  );
}

const countText = (n: number) => n.toLocaleString('en-US');

/** Filters of spec point 2, with counts and lowest prices from the answer's facets; applied by the server. */
export function FilterPanel({ facets, currency, filters, onChange, legLabels, money }: Props) {
  const { t } = useTranslation();
  const names = useReferenceNames();
  const set = (patch: Partial<SolutionFilters>) => onChange(cleanFilters({ ...filters, ...patch }));
  const toggle = <T extends string>(list: T[] | undefined, value: T, on: boolean): T[] =>
    on ? [...new Set([...(list ?? []), value])] : (list ?? []).filter((v) => v !== value);
  const bands = (kind: 'departureBands' | 'arrivalBands', leg: number, band: TimeBand, on: boolean) => {
    const current = filters[kind] ?? {};
    set({ [kind]: { ...current, [String(leg)]: toggle(current[String(leg)], band, on) } });
  };

  const stops = [...(facets?.stops ?? [])].sort((a, b) => a.stops - b.stops);
  const upTo = (s: number) => stops.filter((x) => x.stops <= s).reduce((n, x) => n + x.count, 0);
  const price = facets?.price;
  const duration = facets?.duration;
  const any = Object.keys(cleanFilters(filters)).length > 0;

  return (
    <Flex vertical>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('flight.filters.title')}
        </Typography.Title>
        <Button type="link" size="small" disabled={!any} onClick={() => onChange({})}>
          {t('flight.filters.reset')}
        </Button>
      </Flex>

      <Section title={t('flight.filters.stops')}>
        <Radio.Group
          value={filters.maxStops ?? 'any'}
          onChange={(e) => set({ maxStops: e.target.value === 'any' ? undefined : (e.target.value as number) })}
        >
          <Flex vertical gap={4}>
            <Radio value="any">{t('flight.filters.anyStops')}</Radio>
            {stops.map((s) => (
              <Radio key={s.stops} value={s.stops}>
                {s.stops === 0 ? t('flight.filters.direct') : t('flight.filters.upToStops', { count: s.stops })}{' '}
                <Typography.Text type="secondary">({countText(upTo(s.stops))})</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Section>

      {(facets?.airlines.length ?? 0) > 0 && (
        <Section title={t('flight.filters.airlines')}>
          <Flex vertical gap={4}>
            {facets!.airlines.map((a) => (
              <Checkbox key={a.code} checked={filters.airlines?.includes(a.code) ?? false} onChange={(e) => set({ airlines: toggle(filters.airlines, a.code, e.target.checked) })}>
                <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                  <span>
                    {a.code} {names.airline(a.code)} <Typography.Text type="secondary">({countText(a.count)})</Typography.Text>
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {money(a.lowestPrice, currency)}
                  </Typography.Text>
                </Flex>
              </Checkbox>
            ))}
          </Flex>
        </Section>
      )}

      {legLabels.map((label, leg) => (
        <Section key={`dep-${leg}`} title={t('flight.filters.departureTime', { leg: label })}>
          <BandBoxes selected={filters.departureBands?.[String(leg)]} onToggle={(b, on) => bands('departureBands', leg, b, on)} />
        </Section>
      ))}
      {legLabels.map((label, leg) => (
        <Section key={`arr-${leg}`} title={t('flight.filters.arrivalTime', { leg: label })}>
          <BandBoxes selected={filters.arrivalBands?.[String(leg)]} onToggle={(b, on) => bands('arrivalBands', leg, b, on)} />
        </Section>
      ))}

      {duration && duration.max > duration.min && (
        <Section title={t('flight.filters.maxDuration', { value: formatDuration(filters.maxDurationMinutes ?? duration.max) })}>
          <Slider
            aria-label={t('flight.filters.maxDurationLabel')}
            min={duration.min}
            max={duration.max}
            step={15}
            value={filters.maxDurationMinutes ?? duration.max}
            tooltip={{ formatter: (v) => formatDuration(v ?? 0) }}
            onChange={(v: number) => set({ maxDurationMinutes: v >= duration.max ? undefined : v })}
          />
        </Section>
      )}

      {price && price.max > price.min && (
        <Section title={t('flight.filters.price')}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {money(filters.minPrice ?? price.min, currency)} – {money(filters.maxPrice ?? price.max, currency)}
          </Typography.Text>
          <Slider
            range
            aria-label={t('flight.filters.price')}
            min={price.min}
            max={price.max}
            step={Math.max(1, Math.round((price.max - price.min) / 100))}
            value={[filters.minPrice ?? price.min, filters.maxPrice ?? price.max]}
            tooltip={{ formatter: (v) => money(v ?? 0, currency) }}
            onChange={(v: number[]) =>
              set({ minPrice: v[0] <= price.min ? undefined : v[0], maxPrice: v[1] >= price.max ? undefined : v[1] })
            }
          />
        </Section>
      )}

      {(facets?.originAirports.length ?? 0) > 1 && (
        <Section title={t('flight.filters.originAirports')}>
          <CodeBoxes items={facets!.originAirports} selected={filters.originAirports} onToggle={(c, on) => set({ originAirports: toggle(filters.originAirports, c, on) })} />
        </Section>
      )}
      {(facets?.destinationAirports.length ?? 0) > 1 && (
        <Section title={t('flight.filters.destinationAirports')}>
          <CodeBoxes
            items={facets!.destinationAirports}
            selected={filters.destinationAirports}
            onToggle={(c, on) => set({ destinationAirports: toggle(filters.destinationAirports, c, on) })}
          />
        </Section>
      )}

      <Section title={t('flight.filters.cabin')}>
        <Flex vertical gap={4}>
          {CABIN_CLASSES.map((c: CabinClass) => (
            <Checkbox key={c} checked={filters.cabins?.includes(c) ?? false} onChange={(e) => set({ cabins: toggle(filters.cabins, c, e.target.checked) })}>
              {t(`flight.cabin.${c}`)}
            </Checkbox>
          ))}
        </Flex>
      </Section>

      {/* Spec point 3: the ticketing speeds, `all` first (any speed, the default). */}
      <Section title={t('flight.filters.ticketingSpeed')}>
        <Radio.Group
          value={filters.productType ?? 'all'}
          onChange={(e) => set({ productType: e.target.value === 'all' ? undefined : e.target.value })}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          options={TICKETING_SPEEDS.map((speed) => ({ value: speed, label: t(`flight.productType.${speed}`) }))}
        />
      </Section>

      {(facets?.suppliers.length ?? 0) > 0 && (
        <Section title={t('flight.filters.suppliers')}>
          <CodeBoxes items={facets!.suppliers} selected={filters.suppliers} onToggle={(c, on) => set({ suppliers: toggle(filters.suppliers, c, on) })} />
        </Section>
      )}

      <Flex justify="space-between" align="center">
        <label htmlFor="flight-free-baggage">{t('flight.filters.freeBaggage')}</label>
        <Switch id="flight-free-baggage" checked={filters.freeBaggageOnly ?? false} onChange={(on) => set({ freeBaggageOnly: on || undefined })} />
      </Flex>
    </Flex>
  );
}

function BandBoxes({ selected, onToggle }: { selected: TimeBand[] | undefined; onToggle: (band: TimeBand, on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      {TIME_BANDS.map((b) => (
        <Checkbox key={b} checked={selected?.includes(b) ?? false} onChange={(e) => onToggle(b, e.target.checked)}>
          {t(`flight.filters.bands.${b}`)}
        </Checkbox>
      ))}
    </Flex>
  );
}

function CodeBoxes({ items, selected, onToggle }: { items: { code: string; count: number }[]; selected: string[] | undefined; onToggle: (code: string, on: boolean) => void }) {
  return (
    <Flex vertical gap={4}>
      {items.map((i) => (
        <Checkbox key={i.code} checked={selected?.includes(i.code) ?? false} onChange={(e) => onToggle(i.code, e.target.checked)}>
          {i.code} <Typography.Text type="secondary">({countText(i.count)})</Typography.Text>
        </Checkbox>
      ))}
    </Flex>
  );
}
