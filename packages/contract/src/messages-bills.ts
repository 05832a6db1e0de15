import type { Language } from './languages.ts';

/** Server messages of issue 4 (bills); merged into the catalogue in messages.ts. */
export const billsMessages = {
} as const satisfies Record<string, Record<Language, string>>;
