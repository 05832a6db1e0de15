/** Leaves the portal for a payment channel's hosted page; the channel sends the payer back to the order page. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
