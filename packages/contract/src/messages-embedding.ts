import type { Language } from './languages.ts';

/** Server messages of browser hardening and embedded-mode origins (issue 9); merged into the catalogue in messages.ts. */
export const embeddingMessages = {
} as const satisfies Record<string, Record<Language, string>>;
