/** "CA0981", "CA 981" and "981" flown by CA all read "CA981". */
export function normalizeFlightNumber(flightNumber: string, carrier?: string): string {
  const n = flightNumber.replace(/\s+/g, '').toUpperCase();
  const full = /^([A-Z0-9]{2})0*(\d{1,4}[A-Z]?)$/.exec(n);
  if (full && (!carrier || full[1] === carrier)) return `${full[1]}${full[2]}`;
  const bare = /^0*(\d{1,4}[A-Z]?)$/.exec(n);
  if (bare && carrier) return `${carrier}${bare[1]}`;
  return n;
}
