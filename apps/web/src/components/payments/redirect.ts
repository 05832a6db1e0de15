/**
 * Leaves the portal for a payment channel's hosted page; the channel sends the payer back to the page it was opened
 * for. A module of its own so tests replace it (jsdom cannot navigate away).
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
