import type { Language } from './languages.ts';

/** Server messages of the payment mode: sandbox or live channels (issue 9); merged into the catalogue in messages.ts. */
export const paymentsModeMessages = {
} as const satisfies Record<string, Record<Language, string>>;
