/**
 * Envelope codes. 0 is success; the session codes are fixed by the spec (point 7/8):
 *  - 200005 SESSION_EXPIRED: the token was valid but timed out (inactivity or absolute lifetime).
 *  - 200006 SESSION_REVOKED: the token was ended on purpose (logout, password change, user disabled).
 *  - 201001 SESSION_INVALID: no token, or a token the server never issued.
 * The web treats all three alike (clear session, axios.login.timeout); the split is for logs and API clients.
 */
export const Code = {
  OK: 0,
  VALIDATION: 100400,
  UNAUTHENTICATED: 100401,
  FORBIDDEN: 100403,
  NOT_FOUND: 100404,
  CONFLICT: 100409,
  PAYLOAD_TOO_LARGE: 100413,
  UNSUPPORTED_MEDIA: 100415,
  RATE_LIMITED: 100429,
  INTERNAL: 100500,
  // The database (or another dependency the request needs) is unreachable for now; retrying later can succeed.
  SERVICE_UNAVAILABLE: 100503,
  INVALID_CREDENTIALS: 200001,
  LOGIN_THROTTLED: 200002,
  USER_DISABLED: 200003,
  SINGLE_LOGIN_REFUSED: 200004,
  SESSION_EXPIRED: 200005,
  SESSION_REVOKED: 200006,
  WRONG_PASSWORD: 200007,
  SESSION_INVALID: 201001,
  // Booking and payment outcomes a client must handle with its own dialog (architecture: not a generic toast).
  PRICE_CHANGED: 300001,
  SOLD_OUT: 300002,
  INSUFFICIENT_BALANCE: 300003,
  SUPPLIER_FAILED: 300004,
  ORDER_STATE: 300005,
  BOOKING_REFUSED: 300006,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export const SESSION_CODES: readonly number[] = [Code.SESSION_EXPIRED, Code.SESSION_REVOKED, Code.SESSION_INVALID];

export const httpStatusOf: Record<Code, number> = {
  [Code.OK]: 200,
  [Code.VALIDATION]: 400,
  [Code.UNAUTHENTICATED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.CONFLICT]: 409,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.UNSUPPORTED_MEDIA]: 415,
  [Code.RATE_LIMITED]: 429,
  [Code.INTERNAL]: 500,
  [Code.SERVICE_UNAVAILABLE]: 503,
  [Code.INVALID_CREDENTIALS]: 401,
  [Code.LOGIN_THROTTLED]: 429,
  [Code.USER_DISABLED]: 403,
  [Code.SINGLE_LOGIN_REFUSED]: 401,
  [Code.SESSION_EXPIRED]: 401,
  [Code.SESSION_REVOKED]: 401,
  [Code.WRONG_PASSWORD]: 400,
  [Code.SESSION_INVALID]: 401,
  [Code.PRICE_CHANGED]: 409,
  [Code.SOLD_OUT]: 409,
  [Code.INSUFFICIENT_BALANCE]: 402,
  [Code.SUPPLIER_FAILED]: 502,
  [Code.ORDER_STATE]: 409,
  [Code.BOOKING_REFUSED]: 422,
};
