import { useEffect, useState, type ReactNode } from 'react';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationItem, StationItemType } from '@portal/contract/api/trains';
import { useDebounced } from '../../lib/use-debounced';
import { useStations } from './stations-api';
import { rememberStation, stationLabel, stationOf } from './station-labels';

interface Props {
  /** A station's telegraph code (VNP) or a railway city's key (BJS), as `valueType` says. */
  value: string | null;
  valueType?: StationItemType | null;
  onChange: (code: string, type: StationItemType) => void;
  placeholder: string;
  ariaLabel: string;
  status?: 'error';
  id?: string;
}

/** Option values are unique per type: a city key and a telegraph code may be the same three letters. */
const optionValue = (type: StationItemType, code: string) => `${type}:${code}`;
function parseOptionValue(v: string): { type: StationItemType; code: string } {
  const i = v.indexOf(':');
  return { type: v.slice(0, i) === 'city' ? 'city' : 'station', code: v.slice(i + 1) };
}

/** The typed text marked where the name contains it ("北京" in 北京南, "south" in Beijing South). */
function highlight(text: string, typed: string): ReactNode {
  const q = typed.trim();
  const at = q ? text.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark style={{ padding: 0, background: 'none', color: 'inherit', fontWeight: 600 }}>
        {text.slice(at, at + q.length)}
      </mark>
      {text.slice(at + q.length)}
    </>
  );
}

/**
 * Railway station or city picker for the train search: type a Chinese name, English, pinyin ("beijingnan"), initials
 * ("bjn") or a telegraph code ("VNP"); suggestions come from the server, debounced. A city row stands for all its
 * stations; the stations under it are indented and show their telegraph code.
 */
export function StationPicker({ value, valueType, onChange, placeholder, ariaLabel, status, id }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text, 250);
  const found = useStations(q);
  const type: StationItemType = valueType ?? 'station';

  // A code from a link or a reload that this browser has never named: ask once, so the box shows its name.
  const unnamed = value && !stationOf(value, type) ? value : '';
  const named = useStations(unnamed);
  const [, setNamed] = useState(0);
  useEffect(() => {
    const match = named.data?.items.find((i) => i.code === unnamed && i.type === type);
    if (unnamed && match) {
      rememberStation(match);
      setNamed((n) => n + 1);
    }
  }, [named.data, unnamed, type]);

  const shown: StationItem[] = q.trim() === '' ? [] : (found.data?.items ?? []);
  const cityCodes = new Set(shown.filter((i) => i.type === 'city').map((i) => i.code));
  const options = shown.map((i) => {
    const underCity = i.type === 'station' && cityCodes.has(i.cityCode);
    const where = i.type === 'city' ? i.provinceName : [underCity ? null : i.cityName, i.provinceName].filter(Boolean).join(' · ');
    return {
      value: optionValue(i.type, i.code),
      label: (
        <Flex justify="space-between" gap={8} style={{ paddingLeft: underCity ? 16 : 0 }}>
          {/* Long names wrap, as in the flight LocationPicker (issue 14): an ellipsis lost the province of a long name. */}
          <span style={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'break-word' }}>
            {highlight(i.name, q)}
            <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6, display: 'inline-block' }}>
              {i.type === 'city' ? t('trains.stationPicker.allStations', { count: i.stations?.length ?? 0 }) : null}
              {i.type === 'city' && where ? ' · ' : null}
              {where}
            </Typography.Text>
          </span>
          {i.type === 'station' && (
            <Typography.Text strong aria-label={t('trains.stationPicker.telecode', { code: i.code })}>
              {i.code}
            </Typography.Text>
          )}
        </Flex>
      ),
    };
  });

  const empty = q.trim() === '' ? t('trains.stationPicker.typeToSearch') : found.isFetching ? t('trains.stationPicker.searching') : t('trains.stationPicker.noStation');

  return (
    <Select
      id={id}
      value={value ? optionValue(type, value) : undefined}
      placeholder={placeholder}
      aria-label={ariaLabel}
      status={status}
      style={{ width: '100%' }}
      options={options}
      loading={found.isFetching}
      notFoundContent={empty}
      labelRender={({ value: v }) => {
        const picked = parseOptionValue(String(v));
        return stationLabel(picked.code, picked.type);
      }}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text, autoClearSearchValue: true }}
      popupMatchSelectWidth={320}
      onChange={(v: string) => {
        const picked = parseOptionValue(v);
        const item = shown.find((i) => i.code === picked.code && i.type === picked.type);
        if (item) rememberStation(item);
        setText('');
        onChange(picked.code, picked.type);
      }}
    />
  );
}
