import { useEffect, useMemo, useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location } from '@portal/contract/api/shopping';
import { regionNamer } from '../../../lib/display-names';
import { useSession } from '../../../lib/session';
import { getLocations, useLocations } from '../api/get-locations';
import { flightKeys } from '../api/flight-keys';
import { placeLabel, placeOf, rememberPlace } from '../model/place-labels';
import { useDebounced } from '../model/use-debounced';

interface Props {
  value: string | null;
  onChange: (code: string) => void;
  placeholder: string;
  ariaLabel: string;
  status?: 'error';
  airportsOnly?: boolean;
  id?: string;
}

const MAX_FAVOURITES = 8;

/** The user's favourite cities (codes in the session), named by asking the location search once for each. */
function useFavouritePlaces(enabled: boolean): Location[] {
  const { me } = useSession();
  const codes = (me?.userInfo.config.cities ?? []).slice(0, MAX_FAVOURITES);
  const answers = useQueries({
    queries: codes.map((code) => ({
      queryKey: flightKeys.locations(code.toLowerCase(), false),
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
 * debounced. With an empty box it offers the user's favourite cities.
 */
export function LocationPicker({ value, onChange, placeholder, ariaLabel, status, airportsOnly = false, id }: Props) {
  const { t, i18n } = useTranslation();
  const region = regionNamer(i18n.language);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text, 250);
  const found = useLocations(q, airportsOnly);
  const favourites = useFavouritePlaces(open && q.trim() === '');
  // A code from a link or a reload that this browser has never named: ask once, so the box shows its name.
  const unnamed = value && !placeOf(value) ? value : '';
  const named = useLocations(unnamed, airportsOnly);
  const [, setNamed] = useState(0);
  useEffect(() => {
    const match = named.data?.items.find((l) => l.code === unnamed);
    if (unnamed && match) {
      rememberPlace(match.type === 'city' ? { ...match, name: match.cityName } : match);
      setNamed((n) => n + 1);
    }
  }, [named.data, unnamed]);

  const shown: Location[] = useMemo(() => {
    if (q.trim() === '') return favourites;
    return found.data?.items ?? [];
  }, [q, favourites, found.data]);

  const cityCodes = new Set(shown.filter((l) => l.type === 'city').map((l) => l.code));
  const options = shown.map((l) => {
    const underCity = l.type === 'airport' && cityCodes.has(l.cityCode);
    const country = l.countryCode ? region(l.countryCode) : '';
    return {
      value: l.code,
      label: (
        <Flex justify="space-between" gap={8} style={{ paddingLeft: underCity ? 16 : 0 }}>
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {l.favourite && <StarFilled style={{ color: '#faad14', marginRight: 4 }} aria-label={t('flight.search.favourite')} />}
            {l.type === 'city' ? l.cityName : l.name}
            <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
              {l.type === 'city' ? t('flight.search.allAirports') : l.cityName}
              {country ? ` · ${country}` : ''}
            </Typography.Text>
          </span>
          <Typography.Text strong>{l.code}</Typography.Text>
        </Flex>
      ),
    };
  });

  const empty = q.trim() === '' ? t('flight.search.typeToSearch') : found.isFetching ? t('flight.search.searching') : t('flight.search.noPlace');

  return (
    <Select
      id={id}
      value={value ?? undefined}
      placeholder={placeholder}
      aria-label={ariaLabel}
      status={status}
      style={{ width: '100%' }}
      options={options}
      loading={found.isFetching}
      notFoundContent={empty}
      labelRender={({ value: v }) => placeLabel(String(v))}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text, autoClearSearchValue: true }}
      popupMatchSelectWidth={320}
      onChange={(code: string) => {
        const place = shown.find((l) => l.code === code);
        // A favourite whose name lookup has not answered is only a code: nothing worth remembering.
        if (place && place.countryCode) rememberPlace(place.type === 'city' ? { ...place, name: place.cityName } : place);
        setText('');
        onChange(code);
      }}
    />
  );
}
