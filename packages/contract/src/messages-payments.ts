import type { Language } from './languages.ts';

/** Server messages of issue 4 (payments); merged into the catalogue in messages.ts. */
export const paymentsMessages = {
} as const satisfies Record<string, Record<Language, string>>;
