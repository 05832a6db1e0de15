import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userLogs, users } from '../src/db/schema/index.ts';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { call, createTestApp, DEMO, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf, secondAgencyAdmin, userIdOf } from './helpers/tenants.ts';

let t: TestApp;
let agency: string; // SuperUser of Demo Travel Agency
let operator: string; // operator of Demo Travel Agency
let boss: { token: string; id: string; companyId: string }; // SuperUser of Second Agency
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  agency = await loginAs(t.app, 'agency');
  operator = await loginAs(t.app, 'operator');
  boss = await secondAgencyAdmin(t);
  demoId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const login = (username: string, password: string) => call(t.app, 'POST', '/base/v2/login', { body: { username, password } });

let seq = 0;
async function createDemoUser(over: Record<string, unknown> = {}) {
  seq += 1;
  const body = { username: `staff${seq}`, email: `staff${seq}@demo-agency.example`, password: 'Staff@123', roles: ['operator'], ...over };
  const res = await call(t.app, 'POST', '/base/v2/users', { token: agency, body });
  expect(res.code, res.message).toBe(0);
  return res.data as { id: string; username: string };
}

describe('GET /base/v2/users', () => {
  it("lists only the caller's company, newest first, to any logged-in user", async () => {
    const res = await call(t.app, 'GET', '/base/v2/users', { token: operator });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.items.map((u: { username: string }) => u.username).sort()).toEqual(['agency', 'finance', 'operator']);
    expect(res.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(res.data.items[0]).not.toHaveProperty('passwordHash');

    const created = await createDemoUser();
    const again = await call(t.app, 'GET', '/base/v2/users', { token: operator });
    expect(again.data.items[0].id).toBe(created.id);
    expect(again.data.total).toBe(4);
  });

  it("shows another agency only its own users (tenancy)", async () => {
    const other = await loginAs(t.app, 'other');
    const res = await call(t.app, 'GET', '/base/v2/users', { token: other });
    expect(res.data.items.map((u: { username: string }) => u.username).sort()).toEqual(['other', 'otherboss']);
    // Demo Travel Agency's users all have "demo-agency" in their email.
    const asBoss = await call(t.app, 'GET', '/base/v2/users', { token: boss.token, query: { keyword: 'demo-agency' } });
    expect(asBoss.data.total).toBe(0);
    const asOperator = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { keyword: 'demo-agency' } });
    expect(asOperator.data.total).toBeGreaterThanOrEqual(3);
  });

  it('filters by keyword over username, nickname, email and mobile, treating wildcards literally', async () => {
    const byNick = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { keyword: 'OLIVIA' } });
    expect(byNick.data.items.map((u: { username: string }) => u.username)).toEqual(['operator']);
    const byEmail = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { keyword: 'owner@' } });
    expect(byEmail.data.items.map((u: { username: string }) => u.username)).toEqual(['agency']);
    const mobileUser = await createDemoUser({ mobile: '139-0000-1234' });
    const byMobile = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { keyword: '0000-12' } });
    expect(byMobile.data.items.map((u: { id: string }) => u.id)).toEqual([mobileUser.id]);
    for (const keyword of ['%', '_', '\\']) {
      const res = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { keyword } });
      expect(res.data.total, keyword).toBe(0);
    }
  });

  it('filters by role and status and pages', async () => {
    const fin = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { role: 'finance' } });
    expect(fin.data.items.map((u: { username: string }) => u.username)).toEqual(['finance']);
    const testing = await createDemoUser({ status: 'testing', roles: ['finance', 'operator'] });
    const byStatus = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { status: 'testing' } });
    expect(byStatus.data.items.map((u: { id: string }) => u.id)).toEqual([testing.id]);
    const both = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { role: 'finance', status: 'testing' } });
    expect(both.data.total).toBe(1);

    const all = await call(t.app, 'GET', '/base/v2/users', { token: operator });
    const page2 = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { page: 2, pageSize: 2 } });
    expect(page2.data).toMatchObject({ page: 2, pageSize: 2, total: all.data.total });
    expect(page2.data.items.map((u: { id: string }) => u.id)).toEqual(all.data.items.slice(2, 4).map((u: { id: string }) => u.id));
  });

  it('refuses a bad query and a missing token', async () => {
    const bad = await call(t.app, 'GET', '/base/v2/users', { token: operator, query: { pageSize: 1000, role: 'pilot' } });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(100400);
    expect(Object.keys(bad.data.fields).sort()).toEqual(['pageSize', 'role']);
    const anon = await call(t.app, 'GET', '/base/v2/users');
    expect(anon.status).toBe(401);
    expect(anon.code).toBe(201001);
  });
});

describe('POST /base/v2/users', () => {
  it("creates a user in the caller's company with a hashed password, default config and a log entry", async () => {
    const res = await call(t.app, 'POST', '/base/v2/users', {
      token: agency,
      headers: { 'user-agent': 'users-test' },
      body: { username: 'NewBie', nickname: ' Nora ', email: 'nora@demo-agency.example', areaCode: '852', mobile: '9876 5432', password: 'Secret12', roles: ['finance', 'finance'] },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ username: 'NewBie', nickname: 'Nora', email: 'nora@demo-agency.example', areaCode: '852', mobile: '9876 5432', roles: ['finance'], status: 'active', avatar: null, lastLoginAt: null });
    const row = await userRow(res.data.id);
    expect(row.companyId).toBe(demoId);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.config).toEqual(DEFAULT_USER_CONFIG);
    const [log] = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'user_create'), eq(userLogs.targetUserId, row.id)));
    expect(log).toMatchObject({ companyId: demoId, actorUsername: 'agency', targetUsername: 'NewBie', userAgent: 'users-test' });
    expect(log.ip).toBeTruthy();
    expect((await login('newbie', 'Secret12')).code).toBe(0);
  });

  it('refuses a username taken in any company, ignoring case', async () => {
    for (const username of ['OPERATOR', 'Other']) {
      const res = await call(t.app, 'POST', '/base/v2/users', { token: agency, body: { username, email: 'x@demo-agency.example', password: 'Secret12', roles: ['operator'] } });
      expect(res.status).toBe(409);
      expect(res.code).toBe(100409);
      expect(res.data.fields).toEqual({ username: 'This username is already taken' });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'x@demo-agency.example'))).toHaveLength(0);
  });

  it('answers localized field messages for invalid input', async () => {
    const body = { username: '1x', email: 'not-an-email', password: '123', roles: [] };
    const zh = await call(t.app, 'POST', '/base/v2/users', { token: agency, body, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.code).toBe(100400);
    expect(zh.data.fields).toEqual({
      username: '用户名须为4-32个字符，以字母开头，仅可包含字母、数字、“.”、“_”或“-”',
      email: '邮箱格式不正确。',
      password: '密码长度须为6到15个字符',
      roles: '请至少分配一个角色',
    });
    const en = await call(t.app, 'POST', '/base/v2/users', { token: agency, body: { username: 'someone' } });
    expect(en.data.fields).toMatchObject({ email: 'This field is required', password: 'This field is required', roles: 'This field is required' });
  });

  it('is for SuperUsers only', async () => {
    const body = { username: 'sneaky', email: 's@demo-agency.example', password: 'Secret12', roles: ['SuperUser'] };
    const res = await call(t.app, 'POST', '/base/v2/users', { token: operator, body });
    expect(res.status).toBe(403);
    expect(res.code).toBe(100403);
    expect((await call(t.app, 'POST', '/base/v2/users', { body })).code).toBe(201001);
    expect(await t.db.select().from(users).where(eq(users.username, 'sneaky'))).toHaveLength(0);
  });

  it("puts a user created by another agency's SuperUser in that agency", async () => {
    const res = await call(t.app, 'POST', '/base/v2/users', { token: boss.token, body: { username: 'bossstaff', email: 'b@second-agency.example', password: 'Secret12', roles: ['operator'] } });
    expect(res.code).toBe(0);
    expect((await userRow(res.data.id)).companyId).toBe(boss.companyId);
  });
});

describe('GET /base/v2/users/:id', () => {
  it("reads a user of the caller's company", async () => {
    const id = await userIdOf(t, 'finance');
    const res = await call(t.app, 'GET', `/base/v2/users/${id}`, { token: operator });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id, username: 'finance', roles: ['finance'], email: 'finance@demo-agency.example' });
  });

  it("answers 404, not 403, for another company's user, so ids cannot be probed", async () => {
    const otherId = await userIdOf(t, 'other');
    const res = await call(t.app, 'GET', `/base/v2/users/${otherId}`, { token: agency });
    expect(res.status).toBe(404);
    expect(res.code).toBe(100404);
    const unknown = await call(t.app, 'GET', '/base/v2/users/00000000-0000-4000-8000-000000000000', { token: agency });
    expect(unknown.code).toBe(100404);
    expect(unknown.message).toBe(res.message);
    const reverse = await call(t.app, 'GET', `/base/v2/users/${await userIdOf(t, 'agency')}`, { token: boss.token });
    expect(reverse.code).toBe(100404);
    // The platform's SuperUser is the parent agency, yet still not the same company.
    const admin = await loginAs(t.app, 'admin');
    expect((await call(t.app, 'GET', `/base/v2/users/${await userIdOf(t, 'agency')}`, { token: admin })).code).toBe(100404);
  });

  it('refuses an id that is not a uuid and a missing token', async () => {
    const res = await call(t.app, 'GET', '/base/v2/users/42', { token: agency });
    expect(res.status).toBe(400);
    expect(res.data.fields).toHaveProperty('id');
    expect((await call(t.app, 'GET', `/base/v2/users/${await userIdOf(t, 'finance')}`)).status).toBe(401);
  });
});

describe('PUT /base/v2/users/:id', () => {
  it('edits nickname, area code and mobile, never the email, and logs the changed fields', async () => {
    const u = await createDemoUser({ nickname: 'Before', mobile: '1234 5678' });
    const res = await call(t.app, 'PUT', `/base/v2/users/${u.id}`, { token: agency, body: { nickname: 'After', areaCode: '1', email: 'hijack@evil.example' } });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ nickname: 'After', areaCode: '1', mobile: '1234 5678', email: `${u.username}@demo-agency.example` });
    const row = await userRow(u.id);
    expect(row.email).toBe(`${u.username}@demo-agency.example`);
    expect(row.nickname).toBe('After');
    const [log] = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'user_update'), eq(userLogs.targetUserId, u.id)));
    expect(log.detail).toEqual({ fields: ['nickname', 'areaCode'] });

    const cleared = await call(t.app, 'PUT', `/base/v2/users/${u.id}`, { token: agency, body: { mobile: '', nickname: null } });
    expect(cleared.data).toMatchObject({ mobile: null, nickname: null, areaCode: '1' });
  });

  it('validates, requires SuperUser and keeps other agencies out', async () => {
    const id = await userIdOf(t, 'finance');
    const bad = await call(t.app, 'PUT', `/base/v2/users/${id}`, { token: agency, body: { mobile: 'call me' }, lang: 'zh-CN' });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toEqual({ mobile: '电话号码格式不正确' });
    expect((await call(t.app, 'PUT', `/base/v2/users/${id}`, { token: operator, body: { nickname: 'x' } })).code).toBe(100403);
    const cross = await call(t.app, 'PUT', `/base/v2/users/${id}`, { token: boss.token, body: { nickname: 'Owned' } });
    expect(cross.status).toBe(404);
    expect((await userRow(id)).nickname).toBe('Frank Finance');
    const otherId = await userIdOf(t, 'other');
    expect((await call(t.app, 'PUT', `/base/v2/users/${otherId}`, { token: agency, body: { nickname: 'Owned' } })).code).toBe(100404);
    expect((await userRow(otherId)).nickname).toBe('Oscar Other');
  });
});

describe('PUT /base/v2/users/:id/status', () => {
  it("disables a user: their live token answers 200006, their login is refused, and re-enabling lets them back", async () => {
    const u = await createDemoUser();
    const token = (await login(u.username, 'Staff@123')).data.token;
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(0);

    const res = await call(t.app, 'PUT', `/base/v2/users/${u.id}/status`, { token: agency, body: { status: 'disabled' } });
    expect(res.code).toBe(0);
    expect(res.data.status).toBe('disabled');
    const me = await call(t.app, 'GET', '/base/v2/me', { token });
    expect(me.status).toBe(401);
    expect(me.code).toBe(200006);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(live.every((s) => s.revokedAt && s.revokeReason === 'user_disabled')).toBe(true);
    const refused = await login(u.username, 'Staff@123');
    expect(refused.code).toBe(200003);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('This account is disabled. Please contact your administrator.');
    const zh = await call(t.app, 'POST', '/base/v2/login', { body: { username: u.username, password: 'Staff@123' }, lang: 'zh-CN' });
    expect(zh.message).toBe('该账号已停用，请联系管理员。');
    const [log] = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'user_status'), eq(userLogs.targetUserId, u.id)));
    expect(log.detail).toEqual({ from: 'active', to: 'disabled' });

    await call(t.app, 'PUT', `/base/v2/users/${u.id}/status`, { token: agency, body: { status: 'active' } });
    expect((await login(u.username, 'Staff@123')).code).toBe(0);
    // The old token stays dead: re-enabling does not resurrect ended sessions.
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(200006);
  });

  it('refuses to let a SuperUser disable themself', async () => {
    const self = await userIdOf(t, 'agency');
    const res = await call(t.app, 'PUT', `/base/v2/users/${self}/status`, { token: agency, body: { status: 'disabled' } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(100400);
    expect(res.data.fields).toEqual({ status: 'You cannot disable yourself or remove your own SuperUser role' });
    expect((await userRow(self)).status).toBe('active');
  });

  it('validates, requires SuperUser and keeps other agencies out', async () => {
    const fin = await userIdOf(t, 'finance');
    const bad = await call(t.app, 'PUT', `/base/v2/users/${fin}/status`, { token: agency, body: { status: 'gone' } });
    expect(bad.code).toBe(100400);
    expect(bad.data.fields).toHaveProperty('status');
    expect((await call(t.app, 'PUT', `/base/v2/users/${fin}/status`, { token: operator, body: { status: 'disabled' } })).status).toBe(403);
    expect((await call(t.app, 'PUT', `/base/v2/users/${fin}/status`, { token: boss.token, body: { status: 'disabled' } })).status).toBe(404);
    expect((await userRow(fin)).status).toBe('active');
    const other = await userIdOf(t, 'other');
    const otherToken = await loginAs(t.app, 'other');
    expect((await call(t.app, 'PUT', `/base/v2/users/${other}/status`, { token: agency, body: { status: 'disabled' } })).status).toBe(404);
    expect((await userRow(other)).status).toBe('active');
    expect((await call(t.app, 'GET', '/base/v2/me', { token: otherToken })).code).toBe(0);
  });
});

describe('PUT /base/v2/users/:id/roles', () => {
  it('sets roles (deduplicated) and logs from/to', async () => {
    const u = await createDemoUser();
    const res = await call(t.app, 'PUT', `/base/v2/users/${u.id}/roles`, { token: agency, body: { roles: ['finance', 'operator', 'finance'] } });
    expect(res.code).toBe(0);
    expect(res.data.roles).toEqual(['finance', 'operator']);
    expect((await userRow(u.id)).roles).toEqual(['finance', 'operator']);
    const [log] = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'user_roles'), eq(userLogs.targetUserId, u.id)));
    expect(log.detail).toEqual({ from: ['operator'], to: ['finance', 'operator'] });
  });

  it('requires at least one role and refuses removing your own SuperUser role', async () => {
    const fin = await userIdOf(t, 'finance');
    const empty = await call(t.app, 'PUT', `/base/v2/users/${fin}/roles`, { token: agency, body: { roles: [] }, lang: 'zh-CN' });
    expect(empty.status).toBe(400);
    expect(empty.data.fields).toEqual({ roles: '请至少分配一个角色' });
    const self = await userIdOf(t, 'agency');
    const demote = await call(t.app, 'PUT', `/base/v2/users/${self}/roles`, { token: agency, body: { roles: ['operator'] } });
    expect(demote.code).toBe(100400);
    expect(demote.data.fields).toEqual({ roles: 'You cannot disable yourself or remove your own SuperUser role' });
    expect((await userRow(self)).roles).toEqual(['SuperUser']);
  });

  it('requires SuperUser and keeps other agencies out', async () => {
    const op = await userIdOf(t, 'operator');
    expect((await call(t.app, 'PUT', `/base/v2/users/${op}/roles`, { token: operator, body: { roles: ['SuperUser'] } })).status).toBe(403);
    expect((await call(t.app, 'PUT', `/base/v2/users/${op}/roles`, { token: boss.token, body: { roles: ['SuperUser'] } })).status).toBe(404);
    expect((await userRow(op)).roles).toEqual(['operator']);
    const other = await userIdOf(t, 'other');
    expect((await call(t.app, 'PUT', `/base/v2/users/${other}/roles`, { token: agency, body: { roles: ['finance'] } })).status).toBe(404);
    expect((await userRow(other)).roles).toEqual(['operator']);
  });
});

describe('PUT /base/v2/users/:id/password', () => {
  it('lets the user log in with the new password only and ends their sessions', async () => {
    const u = await createDemoUser();
    const token = (await login(u.username, 'Staff@123')).data.token;
    const res = await call(t.app, 'PUT', `/base/v2/users/${u.id}/password`, { token: agency, body: { password: 'Fresh#987' } });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toBeNull();
    expect((await call(t.app, 'GET', '/base/v2/me', { token })).code).toBe(200006);
    expect((await login(u.username, 'Staff@123')).code).toBe(200001);
    expect((await login(u.username, 'Fresh#987')).code).toBe(0);
    const [log] = await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'password_reset'), eq(userLogs.targetUserId, u.id)));
    expect(log).toMatchObject({ actorUsername: 'agency', companyId: demoId });
    expect(JSON.stringify(log.detail)).not.toContain('Fresh');
  });

  it("refuses resetting one's own password here (the profile page asks for the old one)", async () => {
    const self = await userIdOf(t, 'agency');
    const res = await call(t.app, 'PUT', `/base/v2/users/${self}/password`, { token: agency, body: { password: 'Fresh#987' } });
    expect(res.status).toBe(403);
    expect(res.message).toBe('Change your own password on the profile page');
    expect((await call(t.app, 'GET', '/base/v2/me', { token: agency })).code).toBe(0);
  });

  it('validates, requires SuperUser and keeps other agencies out', async () => {
    const fin = await userIdOf(t, 'finance');
    const short = await call(t.app, 'PUT', `/base/v2/users/${fin}/password`, { token: agency, body: { password: '123' } });
    expect(short.status).toBe(400);
    expect(short.data.fields).toEqual({ password: 'Password must be 6 to 15 characters' });
    expect((await call(t.app, 'PUT', `/base/v2/users/${fin}/password`, { token: operator, body: { password: 'Hacked#1' } })).status).toBe(403);
    expect((await call(t.app, 'PUT', `/base/v2/users/${fin}/password`, { token: boss.token, body: { password: 'Hacked#1' } })).status).toBe(404);
    expect((await login('finance', DEMO.finance)).code).toBe(0);
    const other = await userIdOf(t, 'other');
    expect((await call(t.app, 'PUT', `/base/v2/users/${other}/password`, { token: agency, body: { password: 'Hacked#1' } })).status).toBe(404);
    expect((await login('other', DEMO.other)).code).toBe(0);
    expect(await t.db.select().from(userLogs).where(and(eq(userLogs.action, 'password_reset'), eq(userLogs.targetUserId, other)))).toHaveLength(0);
  });
});

describe('permissions (spec point 6): granted by a SuperUser of a proxyLevel-0 company', () => {
  let admin: string; // SuperUser of Demo Platform (P00001, proxyLevel 0), holding `all`
  let platformSeq = 0;
  beforeAll(async () => {
    admin = await loginAs(t.app, 'admin');
  });

  async function createPlatformUser(over: Record<string, unknown> = {}) {
    platformSeq += 1;
    const username = `platform${platformSeq}`;
    const body = { username, email: `${username}@demo-platform.example`, password: 'Staff@123', ...over };
    const res = await call(t.app, 'POST', '/base/v2/users', { token: admin, body });
    expect(res.code, res.message).toBe(0);
    const token = (await login(username, 'Staff@123')).data.token as string;
    return { ...(res.data as { id: string; username: string; permissions: string[] }), token };
  }
  const statementsOfDemo = (token: string) => call(t.app, 'GET', '/base/v2/sub/statements', { token, query: { companyId: demoId } });
  const logsOf = (id: string, action: 'user_permissions' | 'user_update' | 'user_create') =>
    t.db.select().from(userLogs).where(and(eq(userLogs.action, action), eq(userLogs.targetUserId, id)));

  it('lists every user with their permissions', async () => {
    const res = await call(t.app, 'GET', '/base/v2/users', { token: admin });
    expect(res.data.items.find((u: { username: string }) => u.username === 'admin').permissions).toEqual(['all']);
    const demo = await call(t.app, 'GET', '/base/v2/users', { token: agency });
    for (const u of demo.data.items) expect(u.permissions).toEqual([]);
  });

  it('grants agencybills:read at creation: /me shows it, sub-agency statements open, and the log records it', async () => {
    const u = await createPlatformUser({ roles: ['finance'], permissions: ['agencybills:read', 'agencybills:read'] });
    expect(u.permissions).toEqual(['agencybills:read']);
    expect((await userRow(u.id)).permissions).toEqual(['agencybills:read']);
    const me = await call(t.app, 'GET', '/base/v2/me', { token: u.token });
    expect(me.data.permissions).toContain('agencybills:read');
    const statements = await statementsOfDemo(u.token);
    expect(statements.status, statements.message).toBe(200);
    expect(statements.code).toBe(0);
    const [log] = await logsOf(u.id, 'user_create');
    expect(log.detail).toEqual({ roles: ['finance'], status: 'active', permissions: ['agencybills:read'] });
  });

  it('grants and removes it on edit, logging from/to as roles changes are', async () => {
    // An operator is no agency manager: only the permission opens another agency's statements.
    const u = await createPlatformUser({ roles: ['operator'] });
    expect(u.permissions).toEqual([]);
    expect((await statementsOfDemo(u.token)).status).toBe(404);

    const grant = await call(t.app, 'PUT', `/base/v2/users/${u.id}`, { token: admin, body: { permissions: ['agencybills:read'] } });
    expect(grant.code, grant.message).toBe(0);
    expect(grant.data.permissions).toEqual(['agencybills:read']);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: u.token })).data.permissions).toEqual(['agencybills:read']);
    expect((await statementsOfDemo(u.token)).code).toBe(0);
    expect((await logsOf(u.id, 'user_permissions')).map((l) => l.detail)).toEqual([{ from: [], to: ['agencybills:read'] }]);
    // A pure permission change is not also logged as a profile edit.
    expect(await logsOf(u.id, 'user_update')).toHaveLength(0);

    // Absent keeps them.
    const profile = await call(t.app, 'PUT', `/base/v2/users/${u.id}`, { token: admin, body: { nickname: 'Pat' } });
    expect(profile.data.permissions).toEqual(['agencybills:read']);

    const remove = await call(t.app, 'PUT', `/base/v2/users/${u.id}`, { token: admin, body: { nickname: 'Pat R.', permissions: [] } });
    expect(remove.code).toBe(0);
    expect(remove.data).toMatchObject({ nickname: 'Pat R.', permissions: [] });
    expect((await userRow(u.id)).permissions).toEqual([]);
    expect((await call(t.app, 'GET', '/base/v2/me', { token: u.token })).data.permissions).toEqual([]);
    expect((await statementsOfDemo(u.token)).status).toBe(404);
    const logs = await logsOf(u.id, 'user_permissions');
    expect(logs.map((l) => l.detail)).toContainEqual({ from: ['agencybills:read'], to: [] });
    expect(logs.every((l) => l.actorUsername === 'admin')).toBe(true);
    expect((await logsOf(u.id, 'user_update')).map((l) => l.detail)).toContainEqual({ fields: ['nickname'] });
  });

  it('never grants or removes `all`', async () => {
    const u = await createPlatformUser({ roles: ['operator'] });
    for (const body of [{ permissions: ['all'] }, { permissions: ['agencybills:read', 'all'] }]) {
      const res = await call(t.app, 'PUT', `/base/v2/users/${u.id}`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.code).toBe(100400);
      expect(Object.keys(res.data.fields).some((f) => f.startsWith('permissions'))).toBe(true);
    }
    const created = await call(t.app, 'POST', '/base/v2/users', {
      token: admin,
      body: { username: 'allmighty', email: 'all@demo-platform.example', password: 'Staff@123', roles: ['operator'], permissions: ['all'] },
    });
    expect(created.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.username, 'allmighty'))).toHaveLength(0);
    expect((await userRow(u.id)).permissions).toEqual([]);

    // A holder of `all` keeps it whatever list is sent.
    const adminId = await userIdOf(t, 'admin');
    const grant = await call(t.app, 'PUT', `/base/v2/users/${adminId}`, { token: admin, body: { permissions: ['agencybills:read'] } });
    expect(grant.data.permissions).toEqual(['all', 'agencybills:read']);
    const clear = await call(t.app, 'PUT', `/base/v2/users/${adminId}`, { token: admin, body: { permissions: [] } });
    expect(clear.data.permissions).toEqual(['all']);
    expect((await userRow(adminId)).permissions).toEqual(['all']);
  });

  it('refuses a sub-agency SuperUser who sends permissions (403) and ignores an absent or empty list', async () => {
    const body = { username: 'subgrant', email: 'subgrant@demo-agency.example', password: 'Staff@123', roles: ['operator'], permissions: ['agencybills:read'] };
    const create = await call(t.app, 'POST', '/base/v2/users', { token: agency, body, lang: 'zh-CN' });
    expect(create.status).toBe(403);
    expect(create.code).toBe(100403);
    expect(create.message).toBe('只有顶级公司的超级管理员可以授予权限');
    expect(await t.db.select().from(users).where(eq(users.username, 'subgrant'))).toHaveLength(0);

    const fin = await userIdOf(t, 'finance');
    const update = await call(t.app, 'PUT', `/base/v2/users/${fin}`, { token: agency, body: { nickname: 'Granted', permissions: ['agencybills:read'] } });
    expect(update.status).toBe(403);
    expect(update.message).toBe("Only a SuperUser of the platform's top-level company can grant permissions");
    expect(await userRow(fin)).toMatchObject({ permissions: [], nickname: 'Frank Finance' });

    const empty = await call(t.app, 'POST', '/base/v2/users', { token: agency, body: { ...body, permissions: [] } });
    expect(empty.code).toBe(0);
    expect(empty.data.permissions).toEqual([]);
    const edit = await call(t.app, 'PUT', `/base/v2/users/${empty.data.id}`, { token: agency, body: { nickname: 'Sub', permissions: [] } });
    expect(edit.code).toBe(0);
    expect(edit.data).toMatchObject({ nickname: 'Sub', permissions: [] });
  });

  it('stays within the caller company', async () => {
    const fin = await userIdOf(t, 'finance');
    const res = await call(t.app, 'PUT', `/base/v2/users/${fin}`, { token: admin, body: { permissions: ['agencybills:read'] } });
    expect(res.status).toBe(404);
    expect((await userRow(fin)).permissions).toEqual([]);
  });
});
