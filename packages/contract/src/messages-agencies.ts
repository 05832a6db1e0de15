import type { Language } from './languages.ts';

/** Server messages of issue 4 (agencies); merged into the catalogue in messages.ts. */
export const agenciesMessages = {
} as const satisfies Record<string, Record<Language, string>>;
