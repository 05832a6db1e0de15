import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Flex } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnalysisPnrAnswer, FareChoice, SearchStarted, Solution, SortKey } from '@portal/contract/api/shopping';
import { paths } from '../../../app/paths';
import type { ConfirmNavigationState } from '../../../components/flight/confirm-navigation';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useStartAccurateSearch, useStartPnrSearch, useStartSearch } from '../api/start-search';
import { SearchPanel } from '../components/SearchPanel';
import type { PnrNotice } from '../components/PnrSearch';
import { lastSearch } from '../model/last-search';
import { toAccurateBody, type ExactDraft } from '../model/exact-search';
import {
  parseSearchUrl,
  refreshPastDates,
  serializeSearchUrl,
  toSearchBody,
  type SearchDraft,
  type SearchMode,
  type SearchUrlState,
  type SortOrder,
} from '../model/search-query';

// Issue 14, page weight: the results (cards, filters, fare tables) come when a search has run, not with the form; the
// chunk is fetched once the agent starts filling the form (or a search starts), so it is there when the answer is.
const loadResults = () => import('../components/ResultsSection');
const ResultsSection = lazy(() => loadResults().then((m) => ({ default: m.ResultsSection })));
const prefetchResults = () => void loadResults().catch(() => undefined);

const withoutResults = (s: SearchUrlState): SearchUrlState => ({ ...s, searchId: null, startedAt: null });

/** /flight/booking: the search form and, once a search runs, its results (spec point 2). */
export default function FlightBookingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { me } = useSession();
  const state = useMemo(() => parseSearchUrl(params), [params]);
  const start = useStartSearch();
  const startPnr = useStartPnrSearch();
  const startExact = useStartAccurateSearch();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [pnrNotice, setPnrNotice] = useState<PnrNotice | null>(null);

  const clearServer = useCallback(() => {
    setServerErrors((e) => (Object.keys(e).length ? {} : e));
    setServerMessage(null);
    setPnrNotice(null);
  }, []);

  /*
   * Results on screen must belong to what was last submitted: an agent who looks up PNR B and sees A's flights would
   * price the wrong booking. So a new search hides the shown one at once (and keeps it hidden if it fails), and only
   * the answer of the latest search counts: `latest` numbers the searches, an older one's answer is dropped, and an
   * older PNR lookup still on its way is cancelled. Hidden means this search id at this history entry; any navigation
   * (back, forward, a link) shows what its URL holds.
   */
  const latest = useRef(0);
  const pnrLookup = useRef<AbortController | null>(null);
  const [hidden, setHidden] = useState<{ searchId: string; at: string } | null>(null);
  const [pendingPnr, setPendingPnr] = useState<string | null>(null);

  // A pasted itinerary too long for the URL is kept here, so "search again" still has it.
  const lastPnr = useRef(state.pnr);
  const run = useCallback(
    (mode: SearchMode, draft: SearchDraft, pnrText: string, replace = false, exact: ExactDraft | undefined = state.exact) => {
      prefetchResults();
      clearServer();
      const pnr = pnrText || lastPnr.current;
      if (mode === 'pnr') lastPnr.current = pnr;
      const id = ++latest.current;
      pnrLookup.current?.abort();
      pnrLookup.current = null;
      setPendingPnr(null);
      if (state.searchId) setHidden({ searchId: state.searchId, at: location.key });
      const onSuccess = (started: SearchStarted) => {
        if (id !== latest.current) return;
        setPendingPnr(null);
        setHidden(null);
        const next = serializeSearchUrl({ ...state, mode, draft, pnr, exact, searchId: started.searchId, startedAt: Date.now() });
        lastSearch.set(next.toString());
        setParams(next, { replace });
      };
      const onError = (err: Error) => {
        // A cancelled lookup was replaced by a newer run, so it fails this check too.
        if (id !== latest.current) return;
        setPendingPnr(null);
        const fields = err instanceof ApiError ? err.fields : undefined;
        // A PNR lookup has one field, the pasted text: the envelope's message (already in the user's language) says
        // what is wrong with it, next to it.
        if (mode !== 'pnr' && fields && Object.keys(fields).length > 0) {
          setServerErrors(Object.fromEntries(Object.entries(fields).map(([path, msg]) => [path, t(msg, { defaultValue: msg })])));
        } else {
          setServerMessage(err.message || t('flight.search.failed'));
        }
      };
      // Issue 15: a group booking starts no search (the answer offers the group request instead), and lines read but
      // not searched are listed; fields an older server does not send count as absent.
      const onPnrSuccess = (answer: AnalysisPnrAnswer) => {
        if (id !== latest.current) return;
        const skipped = (answer.skipped ?? []).map((k) => k.message);
        if (answer.group || !answer.searchId) {
          setPendingPnr(null);
          setPnrNotice({ group: answer.group ?? null, skipped });
          return;
        }
        setPnrNotice(skipped.length > 0 ? { group: null, skipped } : null);
        onSuccess({ searchId: answer.searchId, expiresAt: answer.expiresAt ?? '', suppliersAsked: answer.suppliersAsked });
      };
      if (mode === 'pnr') {
        const lookup = new AbortController();
        pnrLookup.current = lookup;
        setPendingPnr(pnr);
        startPnr.mutate({ pnr, signal: lookup.signal }, { onSuccess: onPnrSuccess, onError });
      } else if (mode === 'exact') {
        if (exact) startExact.mutate(toAccurateBody(exact), { onSuccess, onError });
      } else start.mutate(toSearchBody({ ...draft, bookingType: mode }), { onSuccess, onError });
    },
    [clearServer, setParams, start, startPnr, startExact, state, t, location.key],
  );

  // A link with run=1 (the confirm page's "search again") starts the search once, then forgets the flag.
  const ran = useRef<string | null>(null);
  useEffect(() => {
    if (params.get('run') !== '1' || ran.current === location.key) return;
    ran.current = location.key;
    run(state.mode, state.draft, state.pnr, true);
  }, [params, location.key, run, state]);

  // Spec point 4: a new settlement currency makes cached prices meaningless; drop them and the shown search.
  const settlement = me?.company.config.commonConfig.settlementCurrency;
  const seenSettlement = useRef(settlement);
  useEffect(() => {
    if (seenSettlement.current && settlement && seenSettlement.current !== settlement) {
      queryClient.removeQueries({ queryKey: ['flight', 'solutions'] });
      if (state.searchId) setParams(serializeSearchUrl(withoutResults(state)), { replace: true });
    }
    seenSettlement.current = settlement;
  }, [settlement, queryClient, setParams, state]);

  const legLabels = useMemo(() => {
    if (state.mode === 'return') return [t('flight.leg.outbound'), t('flight.leg.inbound')];
    if (state.mode === 'multicity') return state.draft.journeys.map((_, i) => t('flight.search.flightN', { n: i + 1 }));
    return [''];
  }, [state.mode, state.draft.journeys, t]);

  const onSortChange = useCallback(
    (sort: SortKey, order: SortOrder) => {
      const next = serializeSearchUrl({ ...state, sort, order });
      lastSearch.set(next.toString());
      setParams(next, { replace: true });
    },
    [setParams, state],
  );

  const onSelect = useCallback(
    (solution: Solution, fare: FareChoice) => {
      if (!state.searchId) return;
      const confirm = new URLSearchParams({ searchId: state.searchId, solutionId: solution.id, fareId: fare.fareId });
      const again = serializeSearchUrl(withoutResults(state));
      again.set('run', '1');
      const navState: ConfirmNavigationState = {
        solution,
        fare,
        backTo: `${paths.flightBooking}?${params.toString()}`,
        searchAgainTo: `${paths.flightBooking}?${again.toString()}`,
      };
      void navigate(`${paths.flightBookingConfirm}?${confirm.toString()}`, { state: navState });
    },
    [navigate, params, state],
  );

  // Opened without parameters: bring back the last search (its past dates moved to tomorrow).
  if ([...params.keys()].length === 0) {
    const saved = lastSearch.get();
    if (saved) {
      const restored = refreshPastDates(parseSearchUrl(new URLSearchParams(saved)));
      return <Navigate replace to={`${paths.flightBooking}?${serializeSearchUrl(restored).toString()}`} />;
    }
  }

  const draftKey = serializeSearchUrl({ ...withoutResults(state), sort: 'price', order: 'asc' }).toString();
  const busy = start.isPending || startPnr.isPending || startExact.isPending;
  const shownSearchId = state.searchId && !(hidden && hidden.searchId === state.searchId && hidden.at === location.key) ? state.searchId : null;

  return (
    <Flex vertical gap={16} onFocusCapture={prefetchResults} onPointerDownCapture={prefetchResults}>
      <h3 className="portal-page-title">{t('flight.title.booking')}</h3>
      <SearchPanel
        key={draftKey}
        initialMode={state.mode}
        initialDraft={state.draft}
        initialPnr={state.pnr}
        busy={busy}
        serverErrors={serverErrors}
        serverMessage={serverMessage}
        pendingPnr={pendingPnr}
        pnrNotice={pnrNotice}
        onSearch={(draft) => run(draft.bookingType, draft, '')}
        onPnrSearch={(pnr) => run('pnr', state.draft, pnr)}
        onEdit={clearServer}
        initialExact={state.exact}
        onExactSearch={(exact) => run('exact', state.draft, '', false, exact)}
      />
      {shownSearchId && (
        <Suspense fallback={<PageSpinner />}>
          <ResultsSection
            key={shownSearchId}
            searchId={shownSearchId}
            startedAt={state.startedAt}
            legLabels={legLabels}
            sort={state.sort}
            order={state.order}
            onSortChange={onSortChange}
            onResearch={() => run(state.mode, state.draft, state.pnr)}
            researching={busy}
            onSelect={onSelect}
          />
        </Suspense>
      )}
    </Flex>
  );
}
