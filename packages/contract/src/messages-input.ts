import type { Language } from './languages.ts';

/** Server messages of input hardening: NUL bytes, amount bounds, body limits (issue 9); merged into the catalogue in messages.ts. */
export const inputMessages = {
} as const satisfies Record<string, Record<Language, string>>;
