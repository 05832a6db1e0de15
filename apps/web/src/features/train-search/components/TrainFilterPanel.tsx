import type { ReactNode } from 'react';
import { Button, Checkbox, Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIME_BANDS } from '@portal/contract/api/shopping';
import type { TrainFacets } from '@portal/contract/api/trains';
import { activeFilterCount, NO_FILTERS, type TrainFilterState } from '../model/search-url';

interface Props {
  facets: TrainFacets | null;
  filters: TrainFilterState;
  onChange: (next: TrainFilterState) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        {children}
      </Flex>
      <Divider style={{ margin: '12px 0' }} />
    </div>
  );
}

const toggle = <T extends string>(list: T[], value: T, on: boolean): T[] => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));

function Count({ n }: { n: number }) {
  return <Typography.Text type="secondary">({n.toLocaleString('en-US')})</Typography.Text>;
}

/**
 * Filters of the train search (issue 13): train types, departure and arrival time bands, boarding and alighting
 * stations (when the places are cities with several), seat classes with seats left. Counts are the answer's facets,
 * taken before the filters; the server applies the filters.
 */
export function TrainFilterPanel({ facets, filters, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<TrainFilterState>) => onChange({ ...filters, ...patch });
  const any = activeFilterCount(filters) > 0;

  return (
    <Flex vertical data-testid="train-filters">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('trains.filters.title')}
        </Typography.Title>
        <Button type="link" size="small" disabled={!any} onClick={() => onChange(NO_FILTERS)}>
          {t('trains.filters.reset')}
        </Button>
      </Flex>

      {(facets?.trainTypes.length ?? 0) > 0 && (
        <Section title={t('trains.filters.trainTypes')}>
          {facets!.trainTypes.map((f) => (
            <Checkbox key={f.value} checked={filters.types.includes(f.value)} onChange={(e) => set({ types: toggle(filters.types, f.value, e.target.checked) })}>
              {f.value} {t(`trains.types.${f.value}`)} <Count n={f.count} />
            </Checkbox>
          ))}
        </Section>
      )}

      <Section title={t('trains.filters.departure')}>
        {TIME_BANDS.map((b) => (
          <Checkbox key={b} checked={filters.dep.includes(b)} onChange={(e) => set({ dep: toggle(filters.dep, b, e.target.checked) })}>
            {t(`trains.filters.bands.${b}`)}
          </Checkbox>
        ))}
      </Section>
      <Section title={t('trains.filters.arrival')}>
        {TIME_BANDS.map((b) => (
          <Checkbox key={b} checked={filters.arr.includes(b)} onChange={(e) => set({ arr: toggle(filters.arr, b, e.target.checked) })}>
            {t(`trains.filters.bands.${b}`)}
          </Checkbox>
        ))}
      </Section>

      {(facets?.fromStations.length ?? 0) > 1 && (
        <Section title={t('trains.filters.fromStations')}>
          {facets!.fromStations.map((s) => (
            <Checkbox key={s.code} checked={filters.fs.includes(s.code)} onChange={(e) => set({ fs: toggle(filters.fs, s.code, e.target.checked) })}>
              {s.name} <Count n={s.count} />
            </Checkbox>
          ))}
        </Section>
      )}
      {(facets?.toStations.length ?? 0) > 1 && (
        <Section title={t('trains.filters.toStations')}>
          {facets!.toStations.map((s) => (
            <Checkbox key={s.code} checked={filters.ts.includes(s.code)} onChange={(e) => set({ ts: toggle(filters.ts, s.code, e.target.checked) })}>
              {s.name} <Count n={s.count} />
            </Checkbox>
          ))}
        </Section>
      )}

      {(facets?.seatClasses.length ?? 0) > 0 && (
        <Section title={t('trains.filters.seatClasses')}>
          {facets!.seatClasses.map((f) => (
            <Checkbox key={f.value} checked={filters.cls.includes(f.value)} onChange={(e) => set({ cls: toggle(filters.cls, f.value, e.target.checked) })}>
              {t(`trains.seatClass.${f.value}`)} <Count n={f.count} />
            </Checkbox>
          ))}
        </Section>
      )}
    </Flex>
  );
}
