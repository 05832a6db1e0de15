import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUpdateConfig } from '../api/update-config';
import { FavouriteListCard } from './FavouriteListCard';

const CITY = /^[A-Z]{3}$/;

/** IATA city codes typed as tags until flight search brings a real city picker. */
export function normalizeCities(input: string[]): { cities: string[]; rejected: string[] } {
  const upper = input.map((c) => c.trim().toUpperCase()).filter(Boolean);
  const cities = [...new Set(upper.filter((c) => CITY.test(c)))];
  return { cities, rejected: upper.filter((c) => !CITY.test(c)) };
}

export function FavouriteCities({ value }: { value: string[] }) {
  const { t } = useTranslation();
  const save = useUpdateConfig('cities');
  return (
    <FavouriteListCard
      title={t('profile.favourites.cities.title')}
      description={t('profile.favourites.cities.hint')}
      value={value}
      saving={save.isPending}
      onSave={(next) => save.mutate(next, { onSuccess: () => notify.success(t('common.saved')), onError: (e) => notify.error(e.message) })}
    >
      {(draft, setDraft) => (
        <Select
          mode="tags"
          value={draft}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          placeholder={t('profile.favourites.cities.placeholder')}
          aria-label={t('profile.favourites.cities.title')}
          onChange={(next: string[]) => {
            const { cities, rejected } = normalizeCities(next);
            if (rejected.length) notify.warning(t('validation.city'));
            setDraft(cities);
          }}
        />
      )}
    </FavouriteListCard>
  );
}
