import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notifyError = vi.fn();
const navigate = vi.fn();
vi.mock('./notify', () => ({ notify: { error: (...a: unknown[]) => notifyError(...a), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));
vi.mock('./navigation', () => ({ navigateTo: (p: string) => navigate(p) }));

const { api, ApiError } = await import('./api');
const { sessionStore } = await import('./session-store');
const { isLoading } = await import('./loading');
const { setLanguage, t } = await import('./i18n');

function answer(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  notifyError.mockReset();
  navigate.mockReset();
  localStorage.clear();
  sessionStore.reset();
  await setLanguage('en');
});

afterEach(() => vi.unstubAllGlobals());

describe('api envelope', () => {
  it('returns data for code 0 and sends language and token headers', async () => {
    sessionStore.set({ token: 'tok-1' });
    fetchMock.mockResolvedValue(answer({ code: 0, data: { a: 1 }, message: 'ok' }));
    await expect(api.get('/base/v2/me', { params: { page: 2, q: '', tags: ['x', 'y'] } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/base/v2/me?page=2&tags=x&tags=y');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('en');
  });

  it('sends no Authorization header when anonymous', async () => {
    fetchMock.mockResolvedValue(answer({ code: 0, data: null, message: 'ok' }));
    await api.post('/base/v2/login', { username: 'a' });
    const init = fetchMock.mock.calls[0][1]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"username":"a"}');
    expect(init.method).toBe('POST');
  });

  it('follows the current language', async () => {
    await setLanguage('zh-TW');
    fetchMock.mockResolvedValue(answer({ code: 0, data: null, message: 'ok' }));
    await api.del('/x');
    expect((fetchMock.mock.calls[0][1]!.headers as Record<string, string>)['Accept-Language']).toBe('zh-TW');
  });

  it('sends a DELETE with a JSON body only when one is given', async () => {
    fetchMock.mockImplementation(async () => answer({ code: 0, data: null, message: 'ok' }));
    await api.del('/order/v2/flight/group/orders/g1', { acknowledgeForfeit: true, forfeitAmount: 175_348 });
    await api.del('/x');
    const [withBody, without] = fetchMock.mock.calls.map(([, init]) => init!);
    expect(withBody.method).toBe('DELETE');
    expect(withBody.body).toBe('{"acknowledgeForfeit":true,"forfeitAmount":175348}');
    expect((withBody.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(without.method).toBe('DELETE');
    expect(without.body).toBeUndefined();
  });

  it('throws ApiError with the server message for a non-zero code', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200001, data: null, message: 'Invalid username or password' }, 401));
    const err = await api.post('/base/v2/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 200001, status: 401, message: 'Invalid username or password' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('copies validation fields', async () => {
    fetchMock.mockResolvedValue(answer({ code: 100400, data: { fields: { mobile: 'bad phone' } }, message: 'Invalid value' }, 400));
    await expect(api.put('/base/v2/me', {})).rejects.toMatchObject({ code: 100400, fields: { mobile: 'bad phone' } });
  });

  it('maps a network failure to axios.network.error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Network error, please check your connection', status: 0 });
  });

  it('maps a bare 404 to axios.notFound.text', async () => {
    fetchMock.mockResolvedValue(new Response('<html>nope</html>', { status: 404 }));
    await expect(api.get('/missing')).rejects.toMatchObject({ message: 'Requested resource not found', status: 404 });
  });

  it('keeps the server message of an enveloped 404', async () => {
    fetchMock.mockResolvedValue(answer({ code: 100404, data: null, message: 'Booking does not exist' }, 404));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Booking does not exist', code: 100404 });
  });

  it('passes aborts through untouched', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    controller.abort();
    await expect(api.get('/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  // Issue 14: a server that never answered left the page waiting for good; spec point 8 has a timeout message.
  describe('client timeout', () => {
    /** A fetch that never answers on its own: it settles only when its signal aborts, as a real one does. */
    function hangingFetch() {
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
    }

    afterEach(() => vi.useRealTimers());

    it('gives up after REQUEST_TIMEOUT_MS with "Request timeout, please try again"', async () => {
      const { REQUEST_TIMEOUT_MS, CLIENT_CODES } = await import('./api');
      vi.useFakeTimers();
      hangingFetch();
      const call = api.get('/slow');
      const outcome = expect(call).rejects.toMatchObject({ name: 'ApiError', message: 'Request timeout, please try again', code: CLIENT_CODES.TIMEOUT });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(isLoading()).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(isLoading()).toBe(false);
    });

    it('says so in the user language', async () => {
      await setLanguage('zh-CN');
      vi.useFakeTimers();
      hangingFetch();
      const outcome = expect(api.post('/slow', { a: 1 })).rejects.toMatchObject({ message: '请求超时，请重试' });
      await vi.advanceTimersByTimeAsync(60_000);
      await outcome;
    });

    it("a caller's abort before the deadline stays an abort, not a timeout", async () => {
      vi.useFakeTimers();
      hangingFetch();
      const controller = new AbortController();
      const outcome = expect(api.get('/slow', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
      await vi.advanceTimersByTimeAsync(1_000);
      controller.abort();
      await outcome;
    });
  });

  it('uploads a file as multipart without a JSON content type', async () => {
    fetchMock.mockResolvedValue(answer({ code: 0, data: { url: '/f/1' }, message: 'ok' }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(api.upload('/base/v2/me/avatar', file)).resolves.toEqual({ url: '/f/1' });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('upload with progress', () => {
  /** Just enough of XMLHttpRequest: records what is sent, reports progress, answers with the given envelope. */
  class FakeXhr {
    static last: FakeXhr | null = null;
    static answer = { status: 200, body: '{"code":0,"data":{"id":"a1"},"message":"ok"}' };
    headers: Record<string, string> = {};
    method = '';
    url = '';
    body: unknown = null;
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(body: unknown) {
      this.body = body;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
        this.status = FakeXhr.answer.status;
        this.responseText = FakeXhr.answer.body;
        this.onload?.();
      });
    }
    abort() {
      this.onabort?.();
    }
  }

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: '{"code":0,"data":{"id":"a1"},"message":"ok"}' };
  });

  it('reports the share sent and answers the envelope data, with the same headers', async () => {
    sessionStore.set({ token: 'tok-1' });
    const progress: number[] = [];
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    await expect(api.upload('/order/v2/flight/orders/o1/attachments', file, 'file', { onProgress: (p) => progress.push(p) })).resolves.toEqual({ id: 'a1' });
    expect(progress).toEqual([25, 100]);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/order/v2/flight/orders/o1/attachments');
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    expect(isLoading()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads with PUT where the file replaces a whole resource, with or without progress', async () => {
    const file = new File(['x'], 'names.xlsx');
    await expect(api.upload('/order/v2/flight/group/orders/g1/names', file, 'file', { method: 'PUT', onProgress: () => undefined })).resolves.toEqual({ id: 'a1' });
    expect(FakeXhr.last!.method).toBe('PUT');
    vi.stubGlobal('XMLHttpRequest', undefined);
    fetchMock.mockResolvedValue(answer({ code: 0, data: { id: 'a2' }, message: 'ok' }));
    await expect(api.upload('/order/v2/flight/group/orders/g1/names', file, 'file', { method: 'PUT' })).resolves.toEqual({ id: 'a2' });
    expect(fetchMock.mock.calls[0][1]!.method).toBe('PUT');
  });

  it('a refusal is an ApiError with the server message', async () => {
    FakeXhr.answer = { status: 400, body: '{"code":100400,"data":null,"message":"Wrong file type, size or count"}' };
    const file = new File(['x'], 'a.gif', { type: 'image/gif' });
    await expect(api.upload('/x', file, 'file', { onProgress: () => undefined })).rejects.toMatchObject({ code: 100400, status: 400, message: 'Wrong file type, size or count' });
  });
});

describe('session codes', () => {
  it.each([200005, 200006, 201001])('code %i clears the session, toasts axios.login.timeout and goes home', async (code) => {
    sessionStore.set({ token: 'tok', embedded: true });
    fetchMock.mockResolvedValue(answer({ code, data: null, message: 'Session expired' }, 401));
    await expect(api.get('/base/v2/me')).rejects.toMatchObject({ code });
    expect(sessionStore.get()).toMatchObject({ token: null, me: null, embedded: false, endedInvoluntarily: true });
    expect(localStorage.getItem('portal.token')).toBeNull();
    expect(notifyError).toHaveBeenCalledWith(t('axios.login.timeout'), 'session-ended');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('toasts once when parallel calls fail with a session code', async () => {
    sessionStore.set({ token: 'tok' });
    fetchMock.mockImplementation(async () => answer({ code: 200006, data: null, message: 'revoked' }, 401));
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves anonymous callers alone', async () => {
    fetchMock.mockResolvedValue(answer({ code: 201001, data: null, message: 'Please log in first.' }, 401));
    await expect(api.get('/base/v2/users')).rejects.toMatchObject({ code: 201001 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not end a newer session when an old request fails late', async () => {
    sessionStore.set({ token: 'old' });
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    const call = api.get('/x');
    sessionStore.set({ token: 'new' });
    resolve(answer({ code: 200005, data: null, message: 'expired' }, 401));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get().token).toBe('new');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('loading flag', () => {
  it('is set while a request is in flight', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    const call = api.get('/x');
    expect(isLoading()).toBe(true);
    resolve(answer({ code: 0, data: 1, message: 'ok' }));
    await call;
    expect(isLoading()).toBe(false);
  });

  it('is cleared after a failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('down'));
    await api.get('/x').catch(() => undefined);
    expect(isLoading()).toBe(false);
  });
});
