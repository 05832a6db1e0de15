import type { Berth, SeatClass, TrainClassOffer, TrainPassengerInput, TrainSeatLetter, TrainService, TrainTicketType, TrainType } from '@portal/contract/api/trains';
import type { ContactInput } from '@portal/contract/api/flight-orders';

/** EMU trains (G, D, C) let a traveller choose a seat letter in their seated classes; business has no B or D. */
export function seatLetters(trainType: TrainType, seatClass: SeatClass): TrainSeatLetter[] {
  if (!['G', 'D', 'C'].includes(trainType)) return [];
  if (seatClass === 'business') return ['A', 'C', 'F'];
  if (seatClass === 'first') return ['A', 'C', 'D', 'F'];
  if (seatClass === 'second') return ['A', 'B', 'C', 'D', 'F'];
  return [];
}

export const isSleeper = (seatClass: SeatClass): boolean => seatClass === 'soft_sleeper' || seatClass === 'hard_sleeper';

/** Berths of this class with their fares, cheapest (upper) last as 12306 lists them; none on a seated class. */
export function berthChoices(offer: TrainClassOffer): { berth: Berth; price: number; childPrice: number }[] {
  if (!isSleeper(offer.seatClass)) return [];
  return offer.berthPrices ?? [];
}

/** One ticket's fare: the chosen berth's on a sleeper (else the class's, the upper berth), half-ish for a child. */
export function ticketPrice(offer: TrainClassOffer, ticketType: TrainTicketType, berth?: Berth | null): number {
  const b = berth ? berthChoices(offer).find((x) => x.berth === berth) : undefined;
  if (b) return ticketType === 'child' ? b.childPrice : b.price;
  return ticketType === 'child' ? offer.childPrice : offer.price;
}

export interface TrainPassengerForm {
  ticketType: TrainTicketType;
  surname?: string;
  given_names?: string;
  gender?: string;
  birthday?: string;
  nationality?: string;
  /** The expiry is asked for every document but the ID card (which may be valid for life). */
  travel_document?: { type?: string; number?: string; expiryDate?: string };
  seat?: TrainSeatLetter | null;
}

export interface TrainBookingForm {
  seatClass: SeatClass;
  berth?: Berth | null;
  passengers: TrainPassengerForm[];
  contact: { name?: string; email?: string; areaCode?: string; phone?: string };
  remark?: string;
}

export const emptyPassenger = (): TrainPassengerForm => ({ ticketType: 'adult', nationality: 'CN', travel_document: { type: 'idcard', number: '' } });

export function passengerInputs(values: TrainBookingForm): TrainPassengerInput[] {
  return values.passengers.map((p) => ({
    type: p.ticketType === 'child' ? 'child' : 'adult',
    ticketType: p.ticketType,
    surname: p.surname?.trim() ?? '',
    given_names: p.given_names?.trim() ?? '',
    gender: p.gender ?? '',
    birthday: p.birthday ?? '',
    nationality: p.nationality ?? '',
    travel_document: {
      type: p.travel_document?.type ?? '',
      number: p.travel_document?.number?.trim() ?? '',
      ...(p.travel_document?.expiryDate && p.travel_document.type !== 'idcard' ? { expiryDate: p.travel_document.expiryDate } : {}),
    },
  }));
}

export const contactInput = (values: TrainBookingForm): ContactInput => ({
  name: values.contact.name ?? '',
  email: values.contact.email ?? '',
  areaCode: values.contact.areaCode ?? '',
  phone: values.contact.phone ?? '',
});

/** The order's total as the server will price it: each ticket by type (and berth). */
export function bookingTotal(offer: TrainClassOffer, values: Pick<TrainBookingForm, 'berth' | 'passengers'>): number {
  return values.passengers.reduce((sum, p) => sum + ticketPrice(offer, p.ticketType ?? 'adult', values.berth), 0);
}

/** Seat letters only when every passenger has one: 12306 takes one per passenger, in passenger order. */
export function seatPreferences(service: TrainService, values: TrainBookingForm): TrainSeatLetter[] | undefined {
  if (seatLetters(service.trainType, values.seatClass).length === 0) return undefined;
  const letters = values.passengers.map((p) => p.seat ?? null);
  return letters.every((l): l is TrainSeatLetter => l !== null) ? letters : undefined;
}
