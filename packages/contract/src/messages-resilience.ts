import type { Language } from './languages.ts';

/** Server messages of database outages and faults (issue 9); merged into the catalogue in messages.ts. */
export const resilienceMessages = {
} as const satisfies Record<string, Record<Language, string>>;
