/** Today's date in China (the railway's pre-sale window counts China days, whatever the agent's clock says). */
export function chinaToday(now: Date = new Date()): string {
  // China keeps UTC+8 all year: shift and read the UTC date.
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days between the two local dates ("2027-01-15T22:10" to "2027-01-16T06:40" is 1). */
export function daysLater(departureAt: string, arrivalAt: string): number {
  const day = (s: string) => Date.parse(`${s.slice(0, 10)}T00:00:00Z`);
  return Math.round((day(arrivalAt) - day(departureAt)) / 86_400_000);
}
