import { memo, useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FrequentPassenger } from '@portal/contract/api/travellers';
import { useTravellers } from './api';
import { travellerName } from './TravellerPickerModal';

interface Props {
  disabled?: boolean;
  onChoose: (traveller: FrequentPassenger) => void;
  /** Why a traveller cannot go into this booking (in the user's language), or null: refused ones are listed, not chosen. */
  refusal?: (traveller: FrequentPassenger) => string | null;
}

/**
 * "Choose traveller" on one card: a searchable list of the agent's frequent passengers. At most 30 of them, so the
 * whole list is loaded once (when first opened) and searched here by name, Chinese name or the masked number's end.
 */
function QuickSelect({ disabled, onChoose, refusal }: Props) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const list = useTravellers(undefined, wanted);
  const items = list.data?.items ?? [];
  const options = items.map((p) => {
    const name = `${travellerName(p)}${p.localName ? ` ${p.localName}` : ''}`;
    const refused = refusal?.(p) ?? null;
    return {
      value: p.id,
      disabled: refused !== null,
      title: refused ?? name,
      label: refused ? (
        <Flex vertical style={{ maxWidth: 360 }}>
          <span>{name}</span>
          <Typography.Text type="danger" style={{ fontSize: 12, whiteSpace: 'normal' }}>
            {refused}
          </Typography.Text>
        </Flex>
      ) : (
        name
      ),
      search: [travellerName(p), p.localName ?? '', ...p.travel_documents.map((d) => d.number.replace(/\*/g, ''))].join(' ').toLowerCase(),
    };
  });

  let notFound: string = t('flight.book.import.none');
  if (list.isPending) notFound = t('flight.book.import.loading');
  else if (list.isError) notFound = t('flight.book.import.loadFailed');

  return (
    <Select
      value={null}
      disabled={disabled}
      style={{ minWidth: 180, maxWidth: '100%' }}
      size="small"
      placeholder={t('flight.book.import.choose')}
      aria-label={t('flight.book.import.choose')}
      loading={wanted && list.isFetching}
      onOpenChange={(open) => open && setWanted(true)}
      onFocus={() => setWanted(true)}
      options={options}
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()) }}
      notFoundContent={notFound}
      onChange={(id: string) => {
        const traveller = items.find((p) => p.id === id);
        if (traveller) onChoose(traveller);
      }}
      popupMatchSelectWidth={false}
    />
  );
}

/** Memoised: a booking form re-renders on every keystroke, and each passenger has one of these. */
export const TravellerQuickSelect = memo(QuickSelect);
