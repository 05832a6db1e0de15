import type { FastifyInstance } from 'fastify';

/** How a channel's callback reaches the merchant. Production posts over HTTP; tests go through app.inject. */
export interface CallbackRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}
export interface CallbackResponse {
  status: number;
  body: string;
}
export type CallbackTransport = (req: CallbackRequest) => Promise<CallbackResponse>;

export const fetchTransport: CallbackTransport = async (req) => {
  const res = await fetch(req.url, {
    method: 'POST',
    headers: req.headers,
    body: req.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(req.timeoutMs),
  });
  return { status: res.status, body: await res.text() };
};

/**
 * Delivers into an app in the same process (tests): the URL's path and query are injected, the host is ignored.
 * `app` is read at call time because the app is built after the dependencies that hold this transport.
 */
export function injectTransport(app: () => FastifyInstance): CallbackTransport {
  return async (req) => {
    const url = new URL(req.url);
    const res = await app().inject({ method: 'POST', url: url.pathname + url.search, headers: req.headers, payload: req.body });
    return { status: res.statusCode, body: res.body };
  };
}
