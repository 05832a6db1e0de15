import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The refusal's envelope `data` reaches the caller whole: field messages and the facts to handle it with.
vi.mock('./notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn() }));

const { api, ApiError } = await import('./api');

const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('ApiError.data', () => {
  it("carries the envelope's data: field errors and extra facts", async () => {
    const data = { fields: { credit: 'The credit limit cannot be negative' }, usedCredit: 30_000 };
    fetchMock.mockResolvedValue(answer({ code: 100400, data, message: 'The credit limit cannot be negative' }, 400));
    const err = await api.put('/base/v2/agencies/a1/credit', { credit: -1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 100400, status: 400, message: 'The credit limit cannot be negative', data, fields: data.fields });
  });

  it('is null when the refusal has none', async () => {
    fetchMock.mockResolvedValue(answer({ code: 100404, data: null, message: 'Not found' }, 404));
    const err = (await api.get('/x').catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(err.data).toBeNull();
    expect(err.fields).toBeUndefined();
  });
});
