import type { Language } from './languages.ts';

/** Server messages of login throttling and password rules (issue 9); merged into the catalogue in messages.ts. */
export const loginMessages = {
} as const satisfies Record<string, Record<Language, string>>;
