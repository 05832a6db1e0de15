import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Col, Row, Switch } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CABIN_CLASSES, MAX_JOURNEYS, type BookingType } from '@portal/contract/api/shopping-constants';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth-constants';
import { ModeTabs } from '../../../components/ModeTabs';
import { PageSpinner } from '../../../components/PageSpinner';
import { Field } from '../../../components/light/Field';
import { LightSelect } from '../../../components/light/LightSelect';
import { toDayjsFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { ISO_DATE, emptyJourney, today, type JourneyDraft, type SearchDraft, type SearchMode } from '../model/search-query';
import { validateSearch, type SearchErrors } from '../model/validate-search';
import { searchFormErrors } from '../model/form-errors';
import { JourneyFields } from './JourneyFields';
import { PassengerPicker } from './PassengerPicker';
import type { PnrNotice } from './PnrSearch';
import { defaultExactDraft, type ExactDraft } from '../model/exact-search';

interface Props {
  initialMode: SearchMode;
  initialDraft: SearchDraft;
  initialPnr: string;
  busy: boolean;
  /** Field messages the server answered with (ApiError.fields), by path, already localized. */
  serverErrors: Record<string, string>;
  /** A server message not tied to a field. */
  serverMessage: string | null;
  /** The PNR text being looked up (as sent), null when no lookup runs. */
  pendingPnr?: string | null;
  /** What the last PNR lookup said besides its results: a group offer, lines not searched. */
  pnrNotice?: PnrNotice | null;
  onSearch: (draft: SearchDraft) => void;
  onPnrSearch: (pnr: string) => void;
  onEdit: () => void;
  /** Search by flight number: the form's starting values (from the URL) and its search. */
  initialExact?: ExactDraft;
  onExactSearch?: (draft: ExactDraft) => void;
}

// Issue 14, page weight: the PNR and flight-number forms (antd's Form, Input and TextArea) come when their tab is
// chosen, not with the route search the page opens on.
const PnrSearch = lazy(() => import('./PnrSearch').then((m) => ({ default: m.PnrSearch })));
const ExactSearch = lazy(() => import('./ExactSearch').then((m) => ({ default: m.ExactSearch })));

const MODES: SearchMode[] = ['oneway', 'return', 'multicity', 'pnr', 'exact'];

/** Paths a field of the form shows; errors on any other path are listed above the search button. */
function shownOnField(path: string): boolean {
  return /^journeys\.\d+\.(origin|destination|date|returnDate)$/.test(path) || path.startsWith('passengers');
}

/** The search form (spec point 2): one-way, return, multi-city (up to 5 flights), and search by PNR. */
export function SearchPanel({
  initialMode,
  initialDraft,
  initialPnr,
  busy,
  serverErrors,
  serverMessage,
  pendingPnr = null,
  pnrNotice = null,
  onSearch,
  onPnrSearch,
  onEdit,
  initialExact,
  onExactSearch,
}: Props) {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = toDayjsFormat(me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT);
  // Spec point 3: an agency that hides PNR booking keeps the search by flight number only.
  const pnrHidden = me?.company.config.commonConfig.hidePnrBooking === true;
  const modes = pnrHidden ? MODES.filter((m) => m !== 'pnr') : MODES;
  const [mode, setMode] = useState<SearchMode>(pnrHidden && initialMode === 'pnr' ? 'exact' : initialMode);
  const [draft, setDraft] = useState<SearchDraft>(initialDraft);
  const [submitted, setSubmitted] = useState(false);

  // Checked live once the user has tried to search, so a fixed field clears its message at once.
  const clientErrors: SearchErrors = useMemo(() => (submitted ? validateSearch(draft) : {}), [submitted, draft]);
  const { errorOf, passengerError, general } = searchFormErrors(t, clientErrors, serverErrors, serverMessage, shownOnField);

  const edit = (next: SearchDraft) => {
    setDraft(next);
    onEdit();
  };
  const setJourney = (i: number, j: JourneyDraft) => {
    const journeys = draft.journeys.map((old, k) => (k === i ? j : old));
    // A later departure than the chosen return date moves the return date along.
    const returnDate = i === 0 && draft.returnDate && j.date && draft.returnDate < j.date ? j.date : draft.returnDate;
    edit({ ...draft, journeys, returnDate });
  };

  const changeMode = (next: SearchMode) => {
    setMode(next);
    if (next === 'pnr' || next === 'exact') return;
    const bookingType: BookingType = next;
    let journeys = draft.journeys;
    if (bookingType === 'multicity' && journeys.length < 2) {
      const prev = journeys[0] ?? emptyJourney();
      journeys = [prev, { origin: prev.destination, originType: prev.destinationType, destination: null, date: prev.date }];
    }
    edit({ ...draft, bookingType, journeys });
  };

  const addJourney = () => {
    const prev = draft.journeys[draft.journeys.length - 1];
    edit({
      ...draft,
      journeys: [...draft.journeys, { origin: prev?.destination ?? null, originType: prev?.destinationType, destination: null, date: prev?.date ?? today() }],
    });
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(validateSearch(draft)).length > 0) return;
    onSearch(draft);
  };

  const rows = draft.bookingType === 'multicity' ? draft.journeys : draft.journeys.slice(0, 1);
  const multi = mode === 'multicity';

  const form = (
    <div>
      {rows.map((j, i) => (
        <JourneyFields
          key={i}
          index={i}
          journey={j}
          label={multi ? t('flight.search.flightN', { n: i + 1 }) : undefined}
          onChange={(next) => setJourney(i, next)}
          minDate={i > 0 && rows[i - 1].date && rows[i - 1].date! > today() ? rows[i - 1].date! : dayjs().format(ISO_DATE)}
          errorOf={errorOf}
          dateFormat={dateFormat}
          onRemove={multi && rows.length > 2 ? () => edit({ ...draft, journeys: draft.journeys.filter((_, k) => k !== i) }) : undefined}
          returnDate={
            mode === 'return'
              ? { value: draft.returnDate, onChange: (returnDate) => edit({ ...draft, returnDate }), error: errorOf('journeys.0.returnDate') }
              : undefined
          }
        />
      ))}
      {multi && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={rows.length >= MAX_JOURNEYS}
          onClick={addJourney}
          style={{ marginBottom: 16 }}
        >
          {t('flight.search.addFlight', { n: rows.length, max: MAX_JOURNEYS })}
        </Button>
      )}
      <Row gutter={[8, 0]} align="bottom">
        <Col xs={24} sm={12} md={7}>
          <Field label={t('flight.search.passengers')} help={passengerError}>
            <PassengerPicker value={draft.passengers} onChange={(passengers) => edit({ ...draft, passengers })} status={passengerError ? 'error' : undefined} />
          </Field>
        </Col>
        <Col xs={24} sm={12} md={7}>
          <Field label={t('flight.search.cabin')} htmlFor="flight-cabin">
            <LightSelect
              id="flight-cabin"
              aria-label={t('flight.search.cabin')}
              value={draft.cabin}
              style={{ width: '100%' }}
              options={CABIN_CLASSES.map((c) => ({ value: c, label: t(`flight.cabin.${c}`) }))}
              onChange={(cabin) => edit({ ...draft, cabin })}
            />
          </Field>
        </Col>
        <Col xs={12} md={4}>
          <Field label={t('flight.search.directOnly')} htmlFor="flight-direct">
            <Switch id="flight-direct" checked={draft.directOnly} onChange={(directOnly) => edit({ ...draft, directOnly })} />
          </Field>
        </Col>
        <Col xs={12} md={6} style={{ textAlign: 'right' }}>
          <Field>
            <Button type="primary" size="large" icon={<SearchOutlined />} loading={busy} onClick={submit} block>
              {t('flight.search.submit')}
            </Button>
          </Field>
        </Col>
      </Row>
      {general.length > 0 && (
        <Alert type="error" showIcon role="alert" title={general.length === 1 ? general[0] : undefined} description={general.length > 1 ? general.join(' · ') : undefined} />
      )}
    </div>
  );

  return (
    <div className="portal-panel portal-panel--tabs">
      {/* The tabs only switch the mode: one form serves the three route searches, so the fields keep their values. */}
      <ModeTabs active={mode} onChange={changeMode} tabs={modes.map((m) => ({ key: m, label: t(`flight.search.modes.${m}`) }))}>
        <Suspense fallback={<PageSpinner />}>
        {mode === 'pnr' ? (
          <PnrSearch
            initialPnr={initialPnr}
            busy={busy}
            pending={pendingPnr}
            error={serverMessage}
            notice={pnrNotice}
            onSearch={onPnrSearch}
            onEdit={onEdit}
          />
        ) : mode === 'exact' ? (
          <ExactSearch
            initialDraft={initialExact ?? defaultExactDraft(draft.passengers)}
            busy={busy}
            dateFormat={dateFormat}
            serverErrors={serverErrors}
            serverMessage={serverMessage}
            onSearch={(d) => onExactSearch?.(d)}
            onEdit={onEdit}
          />
        ) : (
          form
        )}
        </Suspense>
      </ModeTabs>
    </div>
  );
}
