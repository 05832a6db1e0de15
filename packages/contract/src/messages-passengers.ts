import type { Language } from './languages.ts';

/** Passenger and contact validation messages (spec point 5); merged into the catalogue in messages.ts. */
export const passengersMessages = {
  'order.passenger.placeholder': { en: 'Passenger', 'zh-CN': '乘客', 'zh-TW': '乘客' },
} as const satisfies Record<string, Record<Language, string>>;
