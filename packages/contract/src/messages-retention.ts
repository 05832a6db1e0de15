import type { Language } from './languages.ts';

/** Server messages of search rate limits, session caps and retention (issue 9); merged into the catalogue in messages.ts. */
export const retentionMessages = {
} as const satisfies Record<string, Record<Language, string>>;
