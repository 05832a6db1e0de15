import { useCallback, useEffect, useMemo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TrainClassOffer, TrainService, TrainSortKey } from '@portal/contract/api/trains';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api';
import { useTrainSearch } from '../../../components/train/search-trains';
import { addDays, chinaToday } from '../../../components/train/train-dates';
import { TrainResults } from '../components/TrainResults';
import { TrainSearchForm } from '../components/TrainSearchForm';
import {
  inPresale,
  NO_FILTERS,
  parseTrainUrl,
  serializeTrainUrl,
  toTrainSearchBody,
  type SortOrder,
  type TrainDraft,
  type TrainFilterState,
} from '../model/search-url';
import { lastTrainSearch } from '../model/last-search';
import '../train.css';

/** Server field paths the form shows next to its fields. */
const FORM_FIELDS = ['from', 'to', 'date'] as const;

/**
 * /train/booking, "Train ticket booking" (issue 13): the search form and its results. The URL holds the whole search
 * (places, date, filters, sort), so a reload or a shared link repeats it; the server filters and sorts.
 */
export default function TrainBookingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseTrainUrl(params), [params]);
  const body = useMemo(() => toTrainSearchBody(state), [state]);
  const query = useTrainSearch(body);

  const fieldErrors = query.error instanceof ApiError ? (query.error.fields ?? {}) : {};
  const formErrors = Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => (FORM_FIELDS as readonly string[]).includes(k)));
  const refusedForm = Object.keys(formErrors).length > 0;

  const onSearch = useCallback(
    (draft: TrainDraft) => {
      // A new route or date starts without filters (the stations of one city mean nothing for another); the sort stays.
      const next = serializeTrainUrl({ ...state, ...NO_FILTERS, ...draft });
      if (next.toString() === params.toString()) void query.refetch();
      else setParams(next);
    },
    [state, params, setParams, query],
  );

  const onFiltersChange = useCallback((filters: TrainFilterState) => setParams(serializeTrainUrl({ ...state, ...filters }), { replace: true }), [state, setParams]);
  const onSortChange = useCallback(
    (sort: TrainSortKey, order: SortOrder) => setParams(serializeTrainUrl({ ...state, sort, order }), { replace: true }),
    [state, setParams],
  );
  const onBook = useCallback(
    (service: TrainService, offer: TrainClassOffer) => {
      const q = new URLSearchParams({
        serviceId: service.serviceId,
        from: service.from.code,
        to: service.to.code,
        seatClass: offer.seatClass,
        date: state.date ?? service.departureAt.slice(0, 10),
      });
      void navigate(`${paths.trainBookingConfirm}?${q.toString()}`, { state: { service, backTo: `${paths.trainBooking}?${params.toString()}` } });
    },
    [navigate, params, state.date],
  );

  // Remember the search on screen, so the page opened again without parameters brings it back.
  useEffect(() => {
    if (body) lastTrainSearch.set(params.toString());
  }, [body, params]);

  // Opened without parameters: the last search, its date moved into the pre-sale window when it has passed.
  if ([...params.keys()].length === 0) {
    const saved = lastTrainSearch.get();
    if (saved) {
      const restored = parseTrainUrl(new URLSearchParams(saved));
      if (restored.date && !inPresale(restored.date)) restored.date = addDays(chinaToday(), 1);
      return <Navigate replace to={`${paths.trainBooking}?${serializeTrainUrl(restored).toString()}`} />;
    }
  }

  const initialDraft: TrainDraft = {
    from: state.from,
    fromType: state.fromType,
    to: state.to,
    toType: state.toType,
    date: state.date ?? addDays(chinaToday(), 1),
  };
  const formKey = [state.from, state.fromType, state.to, state.toType, state.date].join('|');

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('trains.title.booking')}
        </Typography.Title>
        <Link to={paths.trainOrders}>
          <Button icon={<UnorderedListOutlined />}>{t('trains.orders.menu')}</Button>
        </Link>
      </Flex>
      <TrainSearchForm
        key={formKey}
        initialDraft={initialDraft}
        busy={query.isFetching && !query.isPlaceholderData}
        serverErrors={formErrors}
        onSearch={onSearch}
      />
      {body && !refusedForm && (
        <TrainResults
          answer={query.data}
          loading={query.isLoading}
          updating={query.isFetching && query.isPlaceholderData}
          error={query.error}
          onRetry={() => void query.refetch()}
          filters={state}
          onFiltersChange={onFiltersChange}
          sort={state.sort}
          order={state.order}
          onSortChange={onSortChange}
          onBook={onBook}
        />
      )}
    </Flex>
  );
}
