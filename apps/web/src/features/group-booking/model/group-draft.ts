import dayjs from 'dayjs';
import type { MeAnswer } from '@portal/contract/api/auth';
import {
  GROUP_MAX_DAYS_AHEAD,
  GroupBookingBody,
  groupPassengerErrors,
  type GroupPassengers,
  type GroupRequest,
  type GroupTripType,
} from '@portal/contract/api/group-orders';
import { MAX_JOURNEYS, type CabinClass, type LocationType } from '@portal/contract/api/shopping';
import { validateContact } from '@portal/contract/passengers/validate';
import { cityOf } from '../../../components/flight/place-labels';
import { contactFromUser, type ContactPrefill } from '../../../lib/contact-defaults';

/**
 * The group request form (spec points 2, 3, 5): what it holds, its defaults, the body it posts and its checks. The
 * rules are the contract's (GroupBookingBody with its count rules, validateContact); the same-city and date checks
 * are the flight search's, which the server runs again with the same message keys.
 */
export const ISO_DATE = 'YYYY-MM-DD';
export const today = (): string => dayjs().format(ISO_DATE);
/** Spec point 2: the flight search departs tomorrow by default; so does a group journey. */
export const tomorrow = (): string => dayjs().add(1, 'day').format(ISO_DATE);
/** The latest date a journey may ask for (the server refuses later ones with group.date.tooFar). */
export const lastDate = (): string => dayjs().add(GROUP_MAX_DAYS_AHEAD, 'day').format(ISO_DATE);

export interface GroupJourneyDraft {
  origin: string | null;
  destination: string | null;
  originType?: LocationType | null;
  destinationType?: LocationType | null;
  date: string | null;
  remark: string;
  isChangeDate: boolean;
  acceptChangeFlight: boolean;
}

export type GroupContactDraft = ContactPrefill;

export interface GroupDraft {
  tripType: GroupTripType;
  /** One-way uses the first row, return the first two (the second runs the first one back), multi-city every row. */
  journeys: GroupJourneyDraft[];
  passengers: GroupPassengers;
  cabin: CabinClass;
  contact: GroupContactDraft;
  remark: string;
}

export type ErrorKey = { key: string; params?: Record<string, unknown> };
export type DraftErrors = Record<string, ErrorKey>;

export function emptyJourney(date: string | null = tomorrow()): GroupJourneyDraft {
  return { origin: null, destination: null, date, remark: '', isChangeDate: false, acceptChangeFlight: false };
}

/** Spec point 3: one-way, departing tomorrow, adult 10 / child 10 / infant 0, economy. */
export function defaultDraft(me: Pick<MeAnswer, 'userInfo'> | null | undefined): GroupDraft {
  return {
    tripType: 'oneway',
    journeys: [emptyJourney()],
    passengers: { adult: 10, child: 10, infant: 0 },
    cabin: 'economy',
    contact: contactFromUser(me),
    remark: '',
  };
}

/** The way back of a return: the first journey reversed, with its own date, remark and switches. */
function wayBack(out: GroupJourneyDraft, back: GroupJourneyDraft | undefined): GroupJourneyDraft {
  const base = back ?? emptyJourney(out.date);
  return { ...base, origin: out.destination, originType: out.destinationType, destination: out.origin, destinationType: out.originType };
}

/** The rows the trip type uses. */
export function journeyRows(draft: GroupDraft): GroupJourneyDraft[] {
  const first = draft.journeys[0] ?? emptyJourney();
  if (draft.tripType === 'oneway') return [first];
  if (draft.tripType === 'return') return [first, wayBack(first, draft.journeys[1])];
  return draft.journeys.slice(0, MAX_JOURNEYS);
}

/** A multi-city trip takes one more journey while it has fewer than MAX_JOURNEYS (spec point 9: at most 5). */
export const canAddJourney = (draft: GroupDraft): boolean => draft.tripType === 'multi' && draft.journeys.length < MAX_JOURNEYS;

export function addJourney(draft: GroupDraft): GroupDraft {
  if (!canAddJourney(draft)) return draft;
  const last = draft.journeys[draft.journeys.length - 1];
  return { ...draft, journeys: [...draft.journeys, { ...emptyJourney(last?.date ?? tomorrow()), origin: last?.destination ?? null, originType: last?.destinationType ?? null }] };
}

/** The trip type changes; rows it does not use are kept, so switching back restores them. */
export function setTripType(draft: GroupDraft, tripType: GroupTripType): GroupDraft {
  const journeys = [...draft.journeys];
  if (tripType !== 'oneway' && journeys.length < 2) journeys.push(tripType === 'return' ? wayBack(journeys[0] ?? emptyJourney(), undefined) : emptyJourney(journeys[0]?.date ?? tomorrow()));
  return { ...draft, tripType, journeys };
}

const trim = (s: string | null | undefined) => (s ?? '').trim();

/** POST /order/v2/flight/group/orders, as sent. */
export function toBody(draft: GroupDraft): GroupRequest {
  return {
    tripType: draft.tripType,
    journeys: journeyRows(draft).map((j) => ({
      origin: j.origin ?? '',
      destination: j.destination ?? '',
      date: j.date ?? '',
      remark: trim(j.remark),
      isChangeDate: j.isChangeDate,
      acceptChangeFlight: j.acceptChangeFlight,
    })),
    passengers: { ...draft.passengers },
    cabin: draft.cabin,
    contact: { name: trim(draft.contact.name), email: trim(draft.contact.email), areaCode: trim(draft.contact.areaCode), phone: trim(draft.contact.phone) },
    remark: trim(draft.remark),
  };
}

const JOURNEY_RULES: ErrorKey = { key: 'order.flight.booking.journeyError.rules' };

/**
 * Every check of the request, by the field paths the server answers with ("journeys.0.destination",
 * "passengers.adult", "contact.email"), the first message of a path winning.
 */
export function validateDraft(draft: GroupDraft, now: string = today()): DraftErrors {
  const errors: DraftErrors = {};
  const put = (path: string, e: ErrorKey) => {
    if (!errors[path]) errors[path] = e;
  };
  const body = toBody(draft);

  const parsed = GroupBookingBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
      put(issue.path.join('.'), { key: issue.message, ...(max !== undefined ? { params: { max } } : {}) });
    }
  }

  // The body's own refinements stop at the first broken field (zod skips them then); the count rules answer anyway.
  for (const [path, key] of Object.entries(groupPassengerErrors(body.passengers as GroupPassengers))) put(path, { key });

  const rows = journeyRows(draft);
  rows.forEach((j, i) => {
    const at = `journeys.${i}`;
    if (j.origin && j.destination && cityOf(j.origin, j.originType) === cityOf(j.destination, j.destinationType)) put(`${at}.destination`, JOURNEY_RULES);
    if (!j.date) put(`${at}.date`, { key: 'validation.required' });
    else if (j.date < now) put(`${at}.date`, { key: 'shopping.search.datePast' });
    else if (j.date > dayjs(now).add(GROUP_MAX_DAYS_AHEAD, 'day').format(ISO_DATE)) put(`${at}.date`, { key: 'group.date.tooFar', params: { days: GROUP_MAX_DAYS_AHEAD } });
    else if (i > 0 && rows[i - 1].date && j.date < (rows[i - 1].date as string)) put(`${at}.date`, { key: 'shopping.search.dateOrder' });
  });

  for (const [path, e] of Object.entries(validateContact(body.contact).fields)) {
    put(`contact.${path}`, typeof e === 'string' ? { key: e } : { key: e.key, params: e.params });
  }
  return errors;
}

/** The draft survives a reload of the form and of its review page, for this tab only. */
const DRAFT_KEY = 'portal.group.draft';

export function saveDraft(draft: GroupDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // private mode or quota: the draft simply does not survive a reload
  }
}

export function loadDraft(): GroupDraft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    const draft = raw ? (JSON.parse(raw) as GroupDraft) : null;
    return draft && Array.isArray(draft.journeys) && draft.passengers && draft.contact ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
