import { useEffect, useMemo, useState } from 'react';
import { Flex, type Select as AntSelect } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location, LocationType } from '@portal/contract/api/shopping';
import { regionNamer } from '../../lib/display-names';
import { useSession } from '../../lib/session';
import { useDebounced } from '../../lib/use-debounced';
import { getLocations, locationKeys, useLocations } from './locations-api';
import { placeLabel, placeOf, rememberPlace } from './place-labels';

export interface LocationPickerProps {
  value: string | null;
  /** What `value` names when a city and an airport share the code (SHA); unknown (an old link): the city if there is one. */
  valueType?: LocationType | null;
  onChange: (code: string, type: LocationType) => void;
  placeholder: string;
  ariaLabel: string;
  status?: 'error';
  airportsOnly?: boolean;
  id?: string;
}

interface Props extends LocationPickerProps {
  /** antd's Select, loaded after the form is drawn (components/light/widgets.ts). */
  Select: typeof AntSelect;
  /** Taking over from the light field (LocationPicker.tsx) the user was in: focused, and open on what was typed there. */
  autoFocus?: boolean;
  initialSearch?: string;
  defaultOpen?: boolean;
}

const MAX_FAVOURITES = 8;

/** Option values are unique per type: the city SHA (Shanghai) and the airport SHA (Hongqiao) are two rows. */
const optionValue = (type: LocationType, code: string) => `${type}:${code}`;
/** A hint after a row's name: its city or "All airports" and country, or that it has no civil flights. */
const HINT_STYLE = { marginLeft: 6, display: 'inline-block' } as const;
function parseOptionValue(v: string): { type: LocationType; code: string } {
  const [type, code] = v.split(':');
  return { type: type === 'airport' ? 'airport' : 'city', code: code ?? type };
}

/** The user's favourite cities (codes in the session), named by asking the location search once for each. */
function useFavouritePlaces(enabled: boolean): Location[] {
  const { me } = useSession();
  const codes = (me?.userInfo.config.cities ?? []).slice(0, MAX_FAVOURITES);
  const answers = useQueries({
    queries: codes.map((code) => ({
      queryKey: locationKeys.search(code.toLowerCase(), false),
      queryFn: ({ signal }: { signal: AbortSignal }) => getLocations(code, false, 12, signal),
      enabled,
      staleTime: 60 * 60 * 1000,
    })),
  });
  return codes.map((code, i) => {
    const found = answers[i]?.data?.items.find((l) => l.code === code);
    return found ?? { type: 'city', code, cityCode: code, countryCode: '', name: code, cityName: code, airports: [], favourite: true };
  });
}

/**
 * City or airport picker: type a code, a name or (for Chinese cities) pinyin; suggestions come from the server,
 * debounced. With an empty box it offers the user's favourite cities. Pages use it through LocationPicker.tsx.
 */
export function LocationSelect({
  Select,
  value,
  valueType,
  onChange,
  placeholder,
  ariaLabel,
  status,
  airportsOnly = false,
  id,
  autoFocus,
  initialSearch = '',
  defaultOpen = false,
}: Props) {
  const { t, i18n } = useTranslation();
  const region = regionNamer(i18n.language);
  const [text, setText] = useState(initialSearch);
  // rc-select clears its search text when it mounts closed (as it does on its first render, even asked to open): what
  // was typed in the light field is put back after that.
  useEffect(() => {
    if (initialSearch) setText(initialSearch);
  }, []); // once, on taking over: a later initialSearch means nothing
  const [open, setOpen] = useState(defaultOpen);
  const q = useDebounced(text, 250);
  const found = useLocations(q, airportsOnly);
  const favourites = useFavouritePlaces(open && q.trim() === '');
  // The type asked for, else (an untyped code) what this browser knows the code as: the city first, as the server reads it.
  const askedType: LocationType | null = airportsOnly ? 'airport' : (valueType ?? null);
  const type: LocationType | null = askedType ?? placeOf(value)?.type ?? null;
  // A code from a link or a reload that this browser has never named: ask once, so the box shows its name.
  const unnamed = value && !placeOf(value, type) ? value : '';
  const named = useLocations(unnamed, airportsOnly);
  const [, setNamed] = useState(0);
  useEffect(() => {
    const items = named.data?.items ?? [];
    const of = (t: LocationType) => items.find((l) => l.code === unnamed && l.type === t);
    const match = askedType ? of(askedType) : (of('city') ?? of('airport'));
    if (unnamed && match) {
      rememberPlace(match.type === 'city' ? { ...match, name: match.cityName } : match);
      setNamed((n) => n + 1);
    }
  }, [named.data, unnamed, askedType]);

  const shown: Location[] = useMemo(() => {
    if (q.trim() === '') return favourites;
    return found.data?.items ?? [];
  }, [q, favourites, found.data]);

  const cityCodes = new Set(shown.filter((l) => l.type === 'city').map((l) => l.code));
  const options = shown.map((l) => {
    const underCity = l.type === 'airport' && cityCodes.has(l.cityCode);
    const country = l.countryCode ? region(l.countryCode) : '';
    return {
      value: optionValue(l.type, l.code),
      label: (
        <Flex justify="space-between" gap={8} style={{ paddingLeft: underCity ? 16 : 0 }}>
          {/* Long names wrap (issue 14): antd's option cuts its content to one line, which lost the airport's name. */}
          <span style={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'break-word' }}>
            {l.favourite && <StarFilled style={{ color: '#faad14', marginRight: 4 }} aria-label={t('flight.search.favourite')} />}
            {l.type === 'city' ? l.cityName : l.name}
            <span className="portal-hint portal-hint--small" style={HINT_STYLE}>
              {l.type === 'city' ? t('flight.search.allAirports') : l.cityName}
              {country ? ` · ${country}` : ''}
            </span>
            {l.noCivilFlights && (
              <span className="portal-hint portal-hint--small portal-hint--warning" style={HINT_STYLE}>
                {t('flight.search.noCivilFlights')}
              </span>
            )}
          </span>
          <strong>{l.code}</strong>
        </Flex>
      ),
    };
  });

  const empty = q.trim() === '' ? t('flight.search.typeToSearch') : found.isFetching ? t('flight.search.searching') : t('flight.search.noPlace');

  return (
    <Select
      id={id}
      value={value ? optionValue(type ?? 'city', value) : undefined}
      placeholder={placeholder}
      aria-label={ariaLabel}
      status={status}
      style={{ width: '100%' }}
      options={options}
      loading={found.isFetching}
      notFoundContent={empty}
      labelRender={({ value: v }) => {
        const picked = parseOptionValue(String(v));
        return placeLabel(picked.code, picked.type);
      }}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text, autoClearSearchValue: true }}
      popupMatchSelectWidth={320}
      onChange={(v: string) => {
        const picked = parseOptionValue(v);
        const place = shown.find((l) => l.code === picked.code && l.type === picked.type);
        // A favourite whose name lookup has not answered is only a code: nothing worth remembering.
        if (place && place.countryCode) rememberPlace(place.type === 'city' ? { ...place, name: place.cityName } : place);
        setText('');
        onChange(picked.code, picked.type);
      }}
    />
  );
}
