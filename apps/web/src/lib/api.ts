import { Code, SESSION_CODES } from '@portal/contract/codes';
import { currentLanguage, t } from './i18n';
import { beginRequest } from './loading';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { sessionStore } from './session-store';

export class ApiError extends Error {
  code: number;
  status: number;
  /** Field-level failures (validation, or a refusal tied to one field): field path -> localized message, for Form.setFields. */
  fields?: Record<string, string>;
  /**
   * The envelope's `data` as the server sent it with the refusal: `fields` (above) and the facts a caller needs to
   * handle it (e.g. the new total of a changed price); null when there were none.
   */
  data: Record<string, unknown> | null;

  constructor(message: string, code: number, status: number, fields?: Record<string, string>, data: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.data = data;
  }
}

/** Codes of our own making for failures that never reached the envelope. */
export const CLIENT_CODES = { NETWORK: -1, NOT_FOUND: -404, BAD_ANSWER: -2, ABORTED: -3, TIMEOUT: -408 } as const;

/**
 * How long a call may take before the client gives up with "Request timeout, please try again" (spec point 8).
 * Without it a hung server or proxy left the page spinning for good. Files (uploads, downloads) get longer.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
export const FILE_TIMEOUT_MS = 5 * 60_000;

function timeoutError(): ApiError {
  return new ApiError(t('axios.timeout.text'), CLIENT_CODES.TIMEOUT, 0);
}

/** A signal that aborts when the caller's does or when `ms` have passed; `timedOut()` tells the two apart. */
function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Extra headers, e.g. Idempotency-Key on writes that move money. */
  headers?: Record<string, string>;
  /** The answer is a file (a Blob), not the JSON envelope. */
  blob?: boolean;
  /** Overrides REQUEST_TIMEOUT_MS (FILE_TIMEOUT_MS for files and uploads). */
  timeoutMs?: number;
}

/** An upload that reports how much of the file has been sent (0-100). */
export interface UploadOptions extends Omit<RequestOptions, 'blob'> {
  onProgress?: (percent: number) => void;
  /** PUT where the upload replaces a whole resource (a group's passenger list); POST by default. */
  method?: 'POST' | 'PUT';
}

interface Envelope {
  code: number;
  data: unknown;
  message: string;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number' && 'data' in value;
}

export function buildUrl(path: string, params?: Record<string, unknown>): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * The server ended the session. Parallel calls failing the same way skip this: once the token is cleared,
 * their token no longer matches the store's (see the check in request), so the toast appears once.
 */
function endSession(): void {
  sessionStore.clear(true);
  notify.error(t('axios.login.timeout'), 'session-ended');
  navigateTo('/');
}

function headersFor(json: boolean, hasBody: boolean, extra: Record<string, string> | undefined): { headers: Record<string, string>; token: string | null } {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = sessionStore.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json && hasBody) headers['Content-Type'] = 'application/json';
  Object.assign(headers, extra);
  return { headers, token };
}

async function request<T>(method: string, path: string, body: BodyInit | undefined, json: boolean, opts?: RequestOptions): Promise<T> {
  const { headers, token } = headersFor(json, body !== undefined, opts?.headers);

  const isFile = Boolean(opts?.blob) || (body !== undefined && !json);
  const timer = withTimeout(opts?.signal, opts?.timeoutMs ?? (isFile ? FILE_TIMEOUT_MS : REQUEST_TIMEOUT_MS));
  const done = beginRequest();
  const finish = () => {
    done();
    timer.clear();
  };
  let response: Response;
  try {
    response = await fetch(buildUrl(path, opts?.params), { method, headers, body, signal: timer.signal });
  } catch (err) {
    finish();
    if (timer.timedOut()) throw timeoutError();
    if (opts?.signal?.aborted || isAbort(err)) throw err;
    throw new ApiError(t('axios.network.error'), CLIENT_CODES.NETWORK, 0);
  }

  // A file download answers with the file itself; errors still come as the JSON envelope.
  if (opts?.blob && response.ok && !(response.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      return (await response.blob()) as T;
    } catch (err) {
      if (timer.timedOut()) throw timeoutError();
      throw err;
    } finally {
      finish();
    }
  }

  let text = '';
  try {
    text = await response.text();
  } catch (err) {
    // The body stalled past the deadline; a caller's abort stays an abort.
    if (timer.timedOut()) throw timeoutError();
    if (opts?.signal?.aborted) throw err;
    text = '';
  } finally {
    finish();
  }
  return settle<T>(response.status, text, token);
}

/** The envelope of an answer (status and body text) as data, or the ApiError it stands for. */
function settle<T>(status: number, text: string, token: string | null): T {
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }

  if (!isEnvelope(payload)) {
    if (status === 404) throw new ApiError(t('axios.notFound.text'), CLIENT_CODES.NOT_FOUND, 404);
    if (status >= 500 || status === 0) throw new ApiError(t('error.internal'), CLIENT_CODES.BAD_ANSWER, status);
    throw new ApiError(t('axios.network.error'), CLIENT_CODES.BAD_ANSWER, status);
  }
  if (payload.code === Code.OK) return payload.data as T;

  // A request sent with an old token must not end a session that has since been replaced (e.g. a fresh login).
  if (SESSION_CODES.includes(payload.code) && token && sessionStore.get().token === token) endSession();

  const data = typeof payload.data === 'object' && payload.data !== null && !Array.isArray(payload.data) ? (payload.data as Record<string, unknown>) : null;
  // Validation errors carry fields, and so do refusals tied to one field (a taken username, a currency in use).
  const fields = (data?.fields as Record<string, string> | undefined) ?? undefined;
  throw new ApiError(payload.message || t('error.internal'), payload.code, status, fields, data);
}

function jsonBody(body: unknown): string | undefined {
  return body === undefined ? undefined : JSON.stringify(body);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, true, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, jsonBody(body), true, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, jsonBody(body), true, opts),
  /** `body`, when given, is sent as JSON (a cancel that must carry an acknowledgement); argument order as post and put. */
  del: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, jsonBody(body), true, opts),
  /** Fetches a file (GET, or POST with a body) and hands it to the browser as a download named `filename`. */
  async download(path: string, filename: string, body?: unknown, opts?: RequestOptions): Promise<void> {
    const method = body === undefined ? 'GET' : 'POST';
    const blob = await request<Blob>(method, path, jsonBody(body), true, { ...opts, blob: true });
    saveBlob(blob, filename);
  },
  upload<T>(path: string, file: File, field = 'file', opts?: UploadOptions): Promise<T> {
    const form = new FormData();
    form.append(field, file);
    const { onProgress, method = 'POST', ...rest } = opts ?? {};
    // fetch cannot report how much of the body has gone out; XMLHttpRequest can.
    if (onProgress && typeof XMLHttpRequest !== 'undefined') return sendWithProgress<T>(method, path, form, onProgress, rest);
    return request<T>(method, path, form, false, rest);
  },
};

/** A multipart POST (or PUT) through XMLHttpRequest, for its upload progress; same headers, envelope and errors as request. */
function sendWithProgress<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress: (percent: number) => void, opts: RequestOptions): Promise<T> {
  const { headers, token } = headersFor(false, true, opts.headers);
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const done = beginRequest();
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, opts.params));
    xhr.timeout = opts.timeoutMs ?? FILE_TIMEOUT_MS;
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    const abort = () => xhr.abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const finish = () => {
      done();
      opts.signal?.removeEventListener('abort', abort);
    };
    xhr.onload = () => {
      finish();
      try {
        resolve(settle<T>(xhr.status, xhr.responseText, token));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => {
      finish();
      reject(new ApiError(t('axios.network.error'), CLIENT_CODES.NETWORK, 0));
    };
    xhr.ontimeout = () => {
      finish();
      reject(timeoutError());
    };
    xhr.onabort = () => {
      finish();
      reject(new DOMException('aborted', 'AbortError'));
    };
    xhr.send(form);
  });
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A fresh Idempotency-Key for one user action: reuse it when retrying that same action. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** True when the error is a cancelled request (a newer call replaced it): callers ignore it silently. */
export function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === 'AbortError';
}
