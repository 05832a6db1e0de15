/** An instant as the portal's mails and server-written messages show it: to the minute, in UTC ("2026-01-04 08:00 UTC"). */
export const utcText = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
