import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUpdateConfig } from '../api/update-config';
import { countryOptions } from '../../../lib/countries';
import { FavouriteListCard } from './FavouriteListCard';

export function FavouriteCountries({ value }: { value: string[] }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateConfig('countries');
  const options = useMemo(() => countryOptions(i18n.language, { withCode: true }), [i18n.language]);
  return (
    <FavouriteListCard
      title={t('profile.favourites.countries.title')}
      description={t('profile.favourites.countries.hint')}
      value={value}
      saving={save.isPending}
      onSave={(next) => save.mutate(next, { onSuccess: () => notify.success(t('common.saved')), onError: (e) => notify.error(e.message) })}
    >
      {(draft, setDraft) => (
        <Select
          mode="multiple"
          value={draft}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('profile.favourites.countries.placeholder')}
          aria-label={t('profile.favourites.countries.title')}
          onChange={setDraft}
        />
      )}
    </FavouriteListCard>
  );
}
