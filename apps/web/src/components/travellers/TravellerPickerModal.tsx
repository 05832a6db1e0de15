import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Flex, Input, Modal, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FrequentPassenger } from '@portal/contract/api/travellers';
import { paths } from '../../app/paths';
import { useTravellers } from './api';

interface Props {
  open: boolean;
  /** How many empty passenger cards there are: the most that can be chosen. */
  max: number;
  importing: boolean;
  onCancel: () => void;
  onImport: (travellers: FrequentPassenger[]) => void;
  /** The modal's title; "Import frequent passengers" unless the booking names it otherwise. */
  title?: string;
  /** Catalogue key of the line under the search, given {{max}} and {{count}}. */
  limitKey?: string;
  /**
   * Why a traveller cannot go into this booking (in the user's language), or null when they can: a refused traveller
   * is listed with the reason and cannot be ticked.
   */
  refusal?: (traveller: FrequentPassenger) => string | null;
}

/** Typing pauses this long before the server is asked again. */
const SEARCH_DELAY_MS = 300;

export const travellerName = (p: Pick<FrequentPassenger, 'surname' | 'given_names'>) => `${p.surname}/${p.given_names}`;

/**
 * "Import frequent passengers": search the agent's own travellers (name, pinyin or document number, on the server),
 * tick up to as many as there are empty cards, import. The choice survives a new search, so an agent can search for
 * each traveller in turn. Shared by the flight and train bookings, which differ in how many fit and whom they refuse.
 */
export function TravellerPickerModal({ open, max, importing, onCancel, onImport, title, limitKey = 'flight.book.import.limit', refusal }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<Map<string, FrequentPassenger>>(new Map());

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // A new opening starts afresh.
  useEffect(() => {
    if (!open) return;
    setText('');
    setKeyword('');
    setChosen(new Map());
  }, [open]);

  const list = useTravellers(keyword || undefined, open);
  const items = list.data?.items ?? [];
  const full = chosen.size >= max;

  const toggle = (p: FrequentPassenger, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(p.id, p);
      else next.delete(p.id);
      return next;
    });

  let body: React.ReactNode;
  if (list.isPending && !list.data) {
    body = (
      <Flex justify="center" style={{ padding: 24 }} role="status">
        <Spin />
      </Flex>
    );
  } else if (list.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('flight.book.import.loadFailed')}
        description={list.error.message}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('flight.book.import.retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('flight.book.import.noMatch') : t('flight.book.import.none')}>
        {/* A new tab, so the fare being booked and what is typed on this page stay as they are. */}
        {!keyword && (
          <Button href={`${paths.profile}?tab=favourites`} target="_blank" rel="noopener">
            {t('flight.book.import.manage')}
          </Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={4} style={{ maxHeight: '50vh', overflowY: 'auto' }} data-testid="traveller-list">
        {items.map((p) => {
          const on = chosen.has(p.id);
          const refused = refusal?.(p) ?? null;
          return (
            <Checkbox
              key={p.id}
              checked={on}
              disabled={refused !== null || (!on && full)}
              onChange={(e) => toggle(p, e.target.checked)}
              style={{ padding: '8px 4px', borderBottom: '1px solid rgba(5,5,5,0.06)', width: '100%' }}
              aria-label={travellerName(p)}
            >
              <Flex vertical gap={2}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{travellerName(p)}</Typography.Text>
                  {p.localName && <Typography.Text type="secondary">{p.localName}</Typography.Text>}
                  <Tag>{t(`flight.passengerType.${p.type}`)}</Tag>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.travel_documents.length > 0
                    ? p.travel_documents.map((d) => `${t(`flight.documents.${d.type}`)} ${d.number}`).join(' · ')
                    : t('flight.book.import.noDocuments')}
                </Typography.Text>
                {refused && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="traveller-refusal">
                    {refused}
                  </Typography.Text>
                )}
              </Flex>
            </Checkbox>
          );
        })}
      </Flex>
    );
  }

  return (
    <Modal
      open={open}
      title={title ?? t('flight.book.import.title')}
      onCancel={onCancel}
      destroyOnHidden
      okText={t('flight.book.import.ok', { count: chosen.size })}
      cancelText={t('flight.book.import.cancel')}
      okButtonProps={{ disabled: chosen.size === 0, loading: importing }}
      onOk={() => onImport([...chosen.values()])}
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setKeyword(v.trim())}
          placeholder={t('flight.book.import.search')}
          aria-label={t('flight.book.import.search')}
          loading={list.isFetching}
        />
        <Typography.Text type={full ? 'warning' : 'secondary'}>{t(limitKey, { max, count: chosen.size })}</Typography.Text>
        {body}
      </Flex>
    </Modal>
  );
}
