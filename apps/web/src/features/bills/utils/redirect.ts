/** Leaves the portal for a payment channel's hosted page; the channel sends the user back to the wallet. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
