import { eq } from 'drizzle-orm';
import { companies, users } from '../../src/db/schema/index.ts';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { call, type TestApp } from './app.ts';

export async function companyIdOf(t: TestApp, code: 'P00001' | 'A00001' | 'A00002'): Promise<string> {
  const [row] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  return row.id;
}

export async function userIdOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

/**
 * The demo data has no SuperUser in "Second Agency" (its only user is an operator), so tenancy tests add one directly:
 * an administrator of another agency is exactly who must not reach Demo Travel Agency's data.
 */
export async function secondAgencyAdmin(t: TestApp): Promise<{ token: string; id: string; companyId: string }> {
  const companyId = await companyIdOf(t, 'A00002');
  const password = 'Boss@1234';
  const [row] = await t.db
    .insert(users)
    .values({
      companyId,
      username: 'otherboss',
      nickname: 'Second Boss',
      email: 'boss@second-agency.example',
      passwordHash: await hashPassword(password),
      roles: ['SuperUser'],
      config: DEFAULT_USER_CONFIG,
    })
    .returning();
  const res = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'otherboss', password } });
  if (res.code !== 0) throw new Error(`login as otherboss failed: ${res.message}`);
  return { token: res.data.token, id: row.id, companyId };
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(content: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = '----portal-test-boundary-7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'image.png'}"\r\n` +
      `Content-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
