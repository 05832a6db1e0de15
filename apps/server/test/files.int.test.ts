import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@portal/contract/roles';
import { files, userLogs, users } from '../src/db/schema/index.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf, multipartFile, TINY_PNG, userIdOf } from './helpers/tenants.ts';

let t: TestApp;
let operator: string;
let operatorId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
  operatorId = await userIdOf(t, 'operator');
});
afterAll(() => t?.close());

const avatarOf = async () => (await t.db.select({ id: users.avatarFileId }).from(users).where(eq(users.id, operatorId)))[0].id;
const upload = (content: Buffer, opts: Parameters<typeof multipartFile>[1] = {}, lang?: string) =>
  call(t.app, 'POST', '/base/v2/me/avatar', { token: operator, lang, ...multipartFile(content, opts) });

// Smallest byte strings that carry each format's signature: the check reads the signature, not the whole image.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);

describe('POST /base/v2/me/avatar', () => {
  it('stores a real PNG, points the user at it, logs it and serves it back with safe headers', async () => {
    const res = await upload(TINY_PNG, { filename: 'me.png' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const id = res.data.url.split('/').pop();
    expect(res.data.url).toBe(`/base/v2/files/${id}`);
    expect(await avatarOf()).toBe(id);
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ kind: 'avatar', mime: 'image/png', size: TINY_PNG.length, companyId: await companyIdOf(t, 'A00001') });
    expect(row.sha256).toBe(createHash('sha256').update(TINY_PNG).digest('hex'));
    const [log] = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'avatar_update'), eq(userLogs.targetUserId, operatorId)));
    expect(log).toMatchObject({ actorUsername: 'operator', detail: { fileId: id } });

    const me = await call(t.app, 'GET', '/base/v2/me', { token: operator });
    expect(me.data.userInfo.avatar).toBe(res.data.url);

    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('detects JPEG, GIF and WebP by content, whatever the name or declared type says', async () => {
    for (const [content, mime] of [[JPEG, 'image/jpeg'], [GIF, 'image/gif'], [WEBP, 'image/webp']] as const) {
      const res = await upload(content, { filename: 'photo.txt', type: 'application/octet-stream' });
      expect(res.code, mime).toBe(0);
      const served = await t.app.inject({ method: 'GET', url: res.data.url });
      expect(served.headers['content-type'], mime).toBe(mime);
    }
  });

  it('refuses a text file renamed .png and an SVG, keeping the current avatar', async () => {
    const before = await avatarOf();
    const count = (await t.db.select({ id: files.id }).from(files)).length;
    const text = await upload(Buffer.from('hello, I am not a picture'), { filename: 'evil.png', type: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.code).toBe(100415);
    expect(text.message).toBe('Wrong file type: only JPG, PNG, GIF or WebP images are accepted');
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { filename: 'a.svg', type: 'image/svg+xml' }, 'zh-CN');
    expect(svg.code).toBe(100415);
    expect(svg.message).toBe('文件类型错误：仅支持JPG、PNG、GIF或WebP图片');
    expect(await avatarOf()).toBe(before);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(count);
  });

  it('refuses a file of 2 MB or more', async () => {
    const before = await avatarOf();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - TINY_PNG.length)]);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.code).toBe(100413);
    expect(res.message).toBe('The image must be smaller than 2MB');
    const exactly = await upload(Buffer.concat([TINY_PNG, Buffer.alloc(MAX_IMAGE_BYTES - TINY_PNG.length)]));
    expect(exactly.code).toBe(100413);
    expect(await avatarOf()).toBe(before);
  });

  it('refuses a request without a file part', async () => {
    const wrongField = await upload(TINY_PNG, { field: 'picture' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.code).toBe(100400);
    expect(wrongField.data.fields).toEqual({ file: 'No file was uploaded' });
    const json = await call(t.app, 'POST', '/base/v2/me/avatar', { token: operator, body: { file: 'x' }, lang: 'zh-CN' });
    expect(json.status).toBe(400);
    expect(json.message).toBe('未上传文件');
    const empty = await upload(Buffer.alloc(0));
    expect(empty.code).toBe(100400);
  });

  it('needs a token', async () => {
    const res = await call(t.app, 'POST', '/base/v2/me/avatar', multipartFile(TINY_PNG));
    expect(res.status).toBe(401);
    expect(res.code).toBe(201001);
  });

  it('replaces the previous avatar file', async () => {
    const before = await avatarOf();
    const res = await upload(TINY_PNG);
    expect(res.code).toBe(0);
    expect(await avatarOf()).not.toBe(before);
    expect(await t.db.select().from(files).where(eq(files.id, before!))).toHaveLength(0);
  });
});

describe('GET /base/v2/files/:id', () => {
  it('answers an unknown id with the 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/base/v2/files/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.code).toBe(100404);
    expect(res.message).toBe('Requested resource not found');
  });

  it('needs no token (images are shown by <img> tags)', async () => {
    const up = await upload(TINY_PNG);
    const res = await t.app.inject({ method: 'GET', url: up.data.url });
    expect(res.statusCode).toBe(200);
  });
});
