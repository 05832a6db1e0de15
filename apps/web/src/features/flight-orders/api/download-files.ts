import type { ItineraryBody } from '@portal/contract/api/flight-orders';
import { api } from '../../../lib/api';
import { orderPath } from './order-keys';

/** The itinerary PDF with the amounts the agency's customer should see. */
export function downloadItinerary(id: string, bookingNumber: string, body: ItineraryBody): Promise<void> {
  return api.download(`${orderPath(id)}/itinerary`, `itinerary-${bookingNumber}.pdf`, body);
}

/** The tickets as an Excel file (a POST without options: an empty body). */
export function downloadTickets(id: string, bookingNumber: string): Promise<void> {
  return api.download(`${orderPath(id)}/ticket-export`, `tickets-${bookingNumber}.xlsx`, {});
}
