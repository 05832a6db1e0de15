import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import type { FrequentPassenger, FrequentPassengerBody } from '@portal/contract/api/travellers';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { mod11_2CheckChar } from '@portal/contract/passengers/documents';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { files, frequentPassengerDocuments, frequentPassengers, userLogs, users } from '../src/db/schema/index.ts';
import { insertFile } from '../src/modules/files/file.repository.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { createDocumentKeyring } from '../src/modules/travellers/document-crypto.ts';
import { call, createTestApp, loginAs, TEST_DOCUMENT_KEY, type TestApp } from './helpers/app.ts';
import { companyIdOf, secondAgencyAdmin, TINY_PNG } from './helpers/tenants.ts';

const PASSENGERS = '/base/v2/often-used-passengers';
const CARDS = '/base/v2/member-cards';
const en = (key: string, params: Record<string, string | number> = {}) => translate(key as never, 'en', params);

/** A valid GB 11643 number for a birthday and sex (odd sequence digit: male). */
function idNumber(birthday: string, sequence = '123'): string {
  const body = `110105${birthday.replaceAll('-', '')}${sequence}`;
  return body + mod11_2CheckChar(body);
}

const ZHANG_ID = idNumber('1990-03-07');
const ZHANG: FrequentPassengerBody = {
  surname: 'zhang',
  given_names: 'san feng',
  localName: '张三丰',
  gender: 'male',
  birthday: '1990-03-07',
  nationality: 'CN',
  areaCode: '86',
  phone: '13800138000',
  email: 'zhang@example.com',
  travel_documents: [
    { type: 'idcard', number: ZHANG_ID },
    { type: 'chinese-passport', number: 'E12345678', expiryDate: '2035-06-30', issuingCountry: 'CN' },
  ],
};

/** The n-th distinct traveller: its own name and passport. */
const nth = (n: number): FrequentPassengerBody => ({
  surname: 'TRAVELLER',
  given_names: `NUMBER ${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`,
  gender: 'female',
  birthday: '1985-01-01',
  nationality: 'GB',
  travel_documents: [{ type: 'passport', number: `P${String(n).padStart(7, '0')}`, expiryDate: '2034-01-01' }],
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('frequent passengers and member cards', () => {
  let t: TestApp;
  let operator: string;
  let colleague: string;
  let other: string;
  let zhang: FrequentPassenger;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await loginAs(t.app, 'operator');
    colleague = await loginAs(t.app, 'agency');
    other = (await secondAgencyAdmin(t)).token;
  });
  afterAll(() => t?.close());

  it('adds a traveller with normalized fields and masked documents', async () => {
    const res = await call<FrequentPassenger>(t.app, 'POST', PASSENGERS, { token: operator, body: ZHANG });
    expect(res.code, res.message).toBe(0);
    zhang = res.data;
    expect(zhang).toMatchObject({
      surname: 'ZHANG',
      given_names: 'SAN FENG',
      localName: '张三丰',
      type: 'adult',
      gender: 'male',
      birthday: '1990-03-07',
      nationality: 'CN',
      areaCode: '86',
      phone: '13800138000',
      email: 'zhang@example.com',
      memberCards: [],
      documentImageId: null,
    });
    expect(zhang.travel_documents.map((d) => [d.type, d.number])).toEqual([
      ['idcard', `${'*'.repeat(14)}${ZHANG_ID.slice(-4)}`],
      ['chinese-passport', '*****5678'],
    ]);
    expect(zhang.travel_document).toEqual(zhang.travel_documents[0]);
    expect(zhang.travel_documents[1]).toMatchObject({ expiryDate: '2035-06-30', issuingCountry: 'CN' });
  });

  it('lists only masked numbers, never the full one', async () => {
    const res = await call(t.app, 'GET', PASSENGERS, { token: operator });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 1, max: 30 });
    const text = JSON.stringify(res.data);
    expect(text).not.toContain(ZHANG_ID);
    expect(text).not.toContain('E12345678');
    expect(text).toContain(`**************${ZHANG_ID.slice(-4)}`);
  });

  it('keeps document numbers encrypted at rest: no plain number anywhere in the row', async () => {
    const rows = rowsOf<{ j: string; cipher: string }>(
      await t.db.execute(sql`select row_to_json(d)::text as j, d.number_cipher as cipher from frequent_passenger_documents d where d.passenger_id = ${zhang.id}`),
    );
    expect(rows).toHaveLength(2);
    for (const number of [ZHANG_ID, 'E12345678']) {
      for (const r of rows) expect(r.j).not.toContain(number);
    }
    // The sealed form names its version and key, and opens with the key (and only with it) to the number.
    const keyring = createDocumentKeyring(TEST_DOCUMENT_KEY);
    expect(rows.map((r) => keyring.open(r.cipher)).sort()).toEqual(['E12345678', ZHANG_ID].sort());
    expect(rows[0].cipher).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9+/=]+$/);
    expect(() => createDocumentKeyring(Buffer.alloc(32, 9)).open(rows[0].cipher)).toThrow();
    // Each value has its own IV: sealing the same number twice gives two different texts.
    expect(keyring.seal(ZHANG_ID)).not.toBe(keyring.seal(ZHANG_ID));
  });

  it('reveals a document to its owner and logs that, without the number', async () => {
    const doc = zhang.travel_documents[0];
    const res = await call(t.app, 'GET', `${PASSENGERS}/${zhang.id}/documents/${doc.id}`, { token: operator });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toEqual({ id: doc.id, type: 'idcard', number: ZHANG_ID });
    const logs = await t.db.select().from(userLogs).where(eq(userLogs.action, 'traveller_document_reveal'));
    expect(logs).toHaveLength(1);
    expect(logs[0].detail).toMatchObject({ passengerId: zhang.id, documentId: doc.id, documentType: 'idcard' });
    expect(JSON.stringify(logs[0])).not.toContain(ZHANG_ID);
    const missing = await call(t.app, 'GET', `${PASSENGERS}/${zhang.id}/documents/${zhang.id}`, { token: operator });
    expect(missing.status).toBe(404);
  });

  it('answers field errors with their paths, as the booking does', async () => {
    const wrongCheck = ZHANG_ID.slice(0, 17) + (ZHANG_ID[17] === '0' ? '1' : '0');
    const res = await call(t.app, 'POST', PASSENGERS, {
      token: operator,
      body: {
        ...ZHANG,
        surname: 'ZH4NG',
        travel_documents: [
          { type: 'idcard', number: wrongCheck },
          { type: 'passport', number: 'X1234567', expiryDate: '2020-01-01' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.data.fields).toMatchObject({
      surname: en('order.passenger.surname.format'),
      'travel_documents.0.number': en('order.passenger.document.number.idcardCheck'),
    });
    expect(res.data.fields['travel_documents.1.expiryDate']).toBeTruthy();
    expect(Object.keys(res.data.fields)).toContain('travel_documents.1.expiryDate');
    // Nothing was stored.
    expect((await call(t.app, 'GET', PASSENGERS, { token: operator })).data.total).toBe(1);
  });

  it('refuses the same person twice: same document, or same name and birthday', async () => {
    const sameDoc = await call(t.app, 'POST', PASSENGERS, {
      token: operator,
      body: { ...nth(90), travel_documents: [{ type: 'chinese-passport', number: 'e1234 5678', expiryDate: '2035-06-30' }] },
    });
    expect(sameDoc.status, sameDoc.message).toBe(409);
    expect(sameDoc.message).toBe(en('travellers.duplicate'));
    const sameName = await call(t.app, 'POST', PASSENGERS, {
      token: operator,
      body: { ...ZHANG, travel_documents: [{ type: 'passport', number: 'K7654321', expiryDate: '2033-01-01' }] },
    });
    expect(sameName.status).toBe(409);
    // A colleague may keep the same traveller: the list is per user.
    const colleagues = await call(t.app, 'POST', PASSENGERS, { token: colleague, body: ZHANG });
    expect(colleagues.code, colleagues.message).toBe(0);
  });

  it('edits: a document sent with its id and a masked or empty number keeps it, one not sent is deleted', async () => {
    const [idcard, passport] = zhang.travel_documents;
    const body = {
      ...ZHANG,
      given_names: 'SANFENG',
      email: 'new@example.com',
      travel_documents: [
        { id: passport.id, type: 'chinese-passport', number: passport.number, expiryDate: '2036-01-31', issuingCountry: 'CN' },
        { type: 'passport', number: 'K7654321', expiryDate: '2033-01-01', issuingCountry: 'GB' },
      ],
    };
    const res = await call<FrequentPassenger>(t.app, 'PUT', `${PASSENGERS}/${zhang.id}`, { token: operator, body });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ given_names: 'SANFENG', email: 'new@example.com' });
    expect(res.data.travel_documents.map((d) => [d.type, d.number, d.expiryDate])).toEqual([
      ['chinese-passport', '*****5678', '2036-01-31'],
      ['passport', '****4321', '2033-01-01'],
    ]);
    expect(res.data.travel_documents[0].id).toBe(passport.id);
    expect(res.data.travel_documents.map((d) => d.id)).not.toContain(idcard.id);
    const kept = await call(t.app, 'GET', `${PASSENGERS}/${zhang.id}/documents/${passport.id}`, { token: operator });
    expect(kept.data.number).toBe('E12345678');
    const gone = await call(t.app, 'GET', `${PASSENGERS}/${zhang.id}/documents/${idcard.id}`, { token: operator });
    expect(gone.status).toBe(404);

    // An empty number with the id keeps it too; an id the traveller does not have is refused on its field.
    const again = await call(t.app, 'PUT', `${PASSENGERS}/${zhang.id}`, {
      token: operator,
      body: { ...body, travel_documents: [{ ...body.travel_documents[0], number: '' }, { id: idcard.id, type: 'idcard', number: '' }] },
    });
    expect(again.status).toBe(400);
    expect(again.data.fields['travel_documents.1.number']).toBe(en('travellers.documents.unknown'));
    const emptyKept = await call<FrequentPassenger>(t.app, 'PUT', `${PASSENGERS}/${zhang.id}`, {
      token: operator,
      body: { ...body, travel_documents: [{ ...body.travel_documents[0], number: '' }] },
    });
    expect(emptyKept.code, emptyKept.message).toBe(0);
    expect(emptyKept.data.travel_documents.map((d) => d.number)).toEqual(['*****5678']);
    zhang = emptyKept.data;
  });

  it('finds travellers by pinyin name, Chinese name, whole document number and last 4', async () => {
    await call(t.app, 'POST', PASSENGERS, { token: operator, body: nth(1) });
    const search = async (keyword: string) =>
      ((await call(t.app, 'GET', PASSENGERS, { token: operator, query: { keyword } })).data.items as FrequentPassenger[]).map((p) => p.surname);
    for (const keyword of ['zhang', 'ZHANG/SANFENG', 'zhang sanfeng', 'zhangsan', '张三', '三丰', 'E12345678', 'e1234 5678', '5678']) {
      expect(await search(keyword), keyword).toEqual(['ZHANG']);
    }
    expect(await search('traveller')).toEqual(['TRAVELLER']);
    expect(await search('P0000001')).toEqual(['TRAVELLER']);
    // A part of a number is not a match (only the whole number, by its hash, or the last 4).
    expect(await search('E1234')).toEqual([]);
    expect(await search('李四')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('keeps travellers to their owner: another user of the agency and another agency get 404 and see nothing', async () => {
    const doc = zhang.travel_documents[0];
    for (const token of [colleague, other]) {
      const list = await call(t.app, 'GET', PASSENGERS, { token, query: { keyword: 'E12345678' } });
      expect(list.data.items.map((p: FrequentPassenger) => p.id)).not.toContain(zhang.id);
      expect((await call(t.app, 'GET', `${PASSENGERS}/${zhang.id}/documents/${doc.id}`, { token })).status).toBe(404);
      expect((await call(t.app, 'PUT', `${PASSENGERS}/${zhang.id}`, { token, body: ZHANG })).status).toBe(404);
      expect((await call(t.app, 'DELETE', `${PASSENGERS}/${zhang.id}`, { token })).status).toBe(404);
      const card = await call(t.app, 'POST', CARDS, { token, body: { passengerId: zhang.id, airline: 'CA', number: '123456789' } });
      expect(card.status).toBe(404);
    }
    expect((await call(t.app, 'GET', PASSENGERS)).status).toBe(401);
    // Still there for the owner.
    expect((await call(t.app, 'GET', `${PASSENGERS}/${zhang.id}/documents/${doc.id}`, { token: operator })).code).toBe(0);
  });

  describe('member cards', () => {
    let cardId: string;

    it('adds a card, holder defaulting to the traveller, and lists it with the traveller', async () => {
      const res = await call(t.app, 'POST', CARDS, { token: operator, body: { passengerId: zhang.id, airline: 'ca', number: '0012 3456 78' } });
      expect(res.code, res.message).toBe(0);
      expect(res.data).toMatchObject({ passengerId: zhang.id, airline: 'CA', number: '0012345678', holder: 'ZHANG/SANFENG' });
      cardId = res.data.id;
      const list = await call(t.app, 'GET', CARDS, { token: operator, query: { passengerId: zhang.id } });
      expect(list.data).toMatchObject({ total: 1, items: [{ id: cardId }] });
      expect((await call(t.app, 'GET', CARDS, { token: operator, query: { airline: 'MU' } })).data.total).toBe(0);
      const traveller = (await call(t.app, 'GET', PASSENGERS, { token: operator, query: { keyword: 'zhang' } })).data.items[0];
      expect(traveller.memberCards.map((c: { id: string }) => c.id)).toEqual([cardId]);
    });

    it('refuses unknown airlines, bad numbers and holders, a second card of a programme', async () => {
      const refuse = async (body: object, field: string, key: string, params: Record<string, string> = {}) => {
        const res = await call(t.app, 'POST', CARDS, { token: operator, body: { passengerId: zhang.id, ...body } });
        expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.data.fields[field], JSON.stringify(body)).toBe(en(key, params));
      };
      await refuse({ airline: 'Q9', number: '12345678' }, 'airline', 'travellers.memberCard.airline');
      await refuse({ airline: 'MU', number: '12' }, 'number', 'travellers.memberCard.number');
      await refuse({ airline: 'LH', number: '992001234567890' }, 'number', 'travellers.memberCard.numberFormat', { programme: 'Miles & More', example: '992001234567897' });
      await refuse({ airline: 'MU', number: '12345678', holder: 'Zhang San' }, 'holder', 'travellers.memberCard.holder');
      await refuse({ airline: 'MU', number: '12345678', holder: '张/三' }, 'holder', 'travellers.memberCard.holder');
      await refuse({ airline: 'CA', number: '99999999' }, 'airline', 'travellers.memberCard.duplicate');
      const lh = await call(t.app, 'POST', CARDS, { token: operator, body: { passengerId: zhang.id, airline: 'LH', number: '992001234567897', holder: 'zhang / san feng' } });
      expect(lh.code, lh.message).toBe(0);
      expect(lh.data.holder).toBe('ZHANG/SAN FENG');
      // Swiss flies Miles & More too: one card per programme.
      await refuse({ airline: 'LX', number: '992001234567897' }, 'airline', 'travellers.memberCard.duplicate');
    });

    it('edits and deletes a card; other users get 404', async () => {
      const res = await call(t.app, 'PUT', `${CARDS}/${cardId}`, { token: operator, body: { passengerId: zhang.id, airline: 'CA', number: '87654321', holder: 'ZHANG/SAN' } });
      expect(res.code, res.message).toBe(0);
      expect(res.data).toMatchObject({ id: cardId, number: '87654321', holder: 'ZHANG/SAN' });
      for (const token of [colleague, other]) {
        expect((await call(t.app, 'PUT', `${CARDS}/${cardId}`, { token, body: { passengerId: zhang.id, airline: 'CA', number: '87654321' } })).status).toBe(404);
        expect((await call(t.app, 'DELETE', `${CARDS}/${cardId}`, { token })).status).toBe(404);
        expect((await call(t.app, 'GET', CARDS, { token })).data.items.map((c: { id: string }) => c.id)).not.toContain(cardId);
      }
      expect((await call(t.app, 'DELETE', `${CARDS}/${cardId}`, { token: operator })).code).toBe(0);
      expect((await call(t.app, 'DELETE', `${CARDS}/${cardId}`, { token: operator })).status).toBe(404);
    });

    it('keeps at most 10 cards per traveller', async () => {
      const t2 = (await call(t.app, 'GET', PASSENGERS, { token: operator, query: { keyword: 'traveller' } })).data.items[0] as FrequentPassenger;
      const airlines = ['CA', 'MU', 'CZ', 'HU', 'SQ', 'CX', 'BA', 'EK', 'UA', 'DL'];
      for (const airline of airlines) {
        const res = await call(t.app, 'POST', CARDS, { token: operator, body: { passengerId: t2.id, airline, number: '12345678' } });
        expect(res.code, `${airline} ${res.message}`).toBe(0);
      }
      const eleventh = await call(t.app, 'POST', CARDS, { token: operator, body: { passengerId: t2.id, airline: 'QR', number: '12345678' } });
      expect(eleventh.status).toBe(409);
      expect(eleventh.message).toBe(en('travellers.memberCard.max', { max: 10 }));
    });
  });

  it('deletes a traveller with its documents and member cards', async () => {
    const t2 = (await call(t.app, 'GET', PASSENGERS, { token: operator, query: { keyword: 'traveller' } })).data.items[0] as FrequentPassenger;
    expect(t2.memberCards).toHaveLength(10);
    expect((await call(t.app, 'DELETE', `${PASSENGERS}/${t2.id}`, { token: operator })).code).toBe(0);
    expect(await t.db.select().from(frequentPassengerDocuments).where(eq(frequentPassengerDocuments.passengerId, t2.id))).toEqual([]);
    expect((await call(t.app, 'GET', CARDS, { token: operator, query: { passengerId: t2.id } })).data.total).toBe(0);
    expect((await call(t.app, 'DELETE', `${PASSENGERS}/${t2.id}`, { token: operator })).status).toBe(404);
  });

  it('keeps at most 30 travellers per user: the 31st is refused', async () => {
    const finance = await loginAs(t.app, 'finance');
    for (let n = 0; n < 30; n++) {
      const res = await call(t.app, 'POST', PASSENGERS, { token: finance, body: nth(n) });
      expect(res.code, `${n}: ${res.message}`).toBe(0);
    }
    const res = await call(t.app, 'POST', PASSENGERS, { token: finance, body: nth(30) });
    expect(res.status).toBe(409);
    expect(res.message).toBe(en('travellers.max', { max: 30 }));
    expect((await call(t.app, 'GET', PASSENGERS, { token: finance })).data).toMatchObject({ total: 30, max: 30 });
    // The limit is the user's own: a colleague still has room.
    expect((await call(t.app, 'POST', PASSENGERS, { token: operator, body: nth(30) })).code).toBe(0);
  });

  it('attaches a document image recognition kept for the agency, and discards it when detached', async () => {
    const image = async (code: 'A00001' | 'A00002', kind = 'document_image') =>
      insertFile(t.db, { companyId: await companyIdOf(t, code), kind, mime: 'image/png', size: TINY_PNG.length, sha256: 'x', data: TINY_PNG });
    const kept = await image('A00001');
    const body = { ...nth(40), documentImageId: kept };
    const created = await call<FrequentPassenger>(t.app, 'POST', PASSENGERS, { token: operator, body });
    expect(created.code, created.message).toBe(0);
    expect(created.data.documentImageId).toBe(kept);
    // Left out on an edit, the image stays; another traveller cannot take it; another agency's or an avatar is refused.
    const edited = await call<FrequentPassenger>(t.app, 'PUT', `${PASSENGERS}/${created.data.id}`, { token: operator, body: { ...nth(40), remark: 'VIP' } });
    expect(edited.data).toMatchObject({ documentImageId: kept, remark: 'VIP' });
    for (const id of [kept, await image('A00002'), await image('A00001', 'avatar'), '00000000-0000-4000-8000-000000000000']) {
      const res = await call(t.app, 'POST', PASSENGERS, { token: operator, body: { ...nth(41), documentImageId: id } });
      expect(res.status, id).toBe(400);
      expect(Object.keys(res.data.fields)).toEqual(['documentImageId']);
    }
    const detached = await call<FrequentPassenger>(t.app, 'PUT', `${PASSENGERS}/${created.data.id}`, { token: operator, body: { ...nth(40), documentImageId: null } });
    expect(detached.data.documentImageId).toBeNull();
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, kept))).toEqual([]);
    expect((await call(t.app, 'DELETE', `${PASSENGERS}/${created.data.id}`, { token: operator })).code).toBe(0);
  });

  it('no longer keeps passengers in the user config', async () => {
    const res = await call(t.app, 'PUT', '/base/v2/me/config/passengers', { token: operator, body: { value: [] } });
    expect(res.status).toBe(400);
    const me = await call(t.app, 'GET', '/base/v2/me', { token: operator });
    expect(me.data.userInfo.config).not.toHaveProperty('passengers');
  });
});

/** The statements of migration 0010 that move the old favourites (after its tables): run here on a user in the old shape. */
function favouritesMove(): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0010_travellers.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /INSERT INTO "frequent_passengers"|UPDATE "users"/.test(s));
}

describe('migration 0010: favourites move from users.config.passengers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('moves each user\'s old list into frequent passengers, once, and drops the config key', async () => {
    const statements = favouritesMove();
    expect(statements).toHaveLength(2);
    const companyId = await companyIdOf(t, 'A00001');
    const old = [
      { surname: 'LI', givenName: 'Xiao Ming', type: 'adult', gender: 'male', birthday: '1980-05-06', nationality: 'CN' },
      { surname: 'WANG', givenName: 'fang', type: 'child', gender: null, birthday: null, nationality: null },
      // Values the old schema let through but that are not real: kept empty rather than failing the migration.
      { surname: 'CHEN', givenName: 'JIE', type: 'adult', gender: 'x', birthday: '2021-02-30', nationality: 'cn' },
      { surname: 'LI', givenName: 'XIAO MING', type: 'adult', gender: 'male', birthday: '1980-05-06', nationality: 'CN' },
      { surname: '', givenName: 'NOBODY' },
    ];
    const [user] = await t.db
      .insert(users)
      .values({
        companyId,
        username: 'legacy',
        passwordHash: await hashPassword('Legacy@2024x'),
        roles: ['operator'],
        config: { ...DEFAULT_USER_CONFIG, cities: ['PEK'], passengers: old } as never,
      })
      .returning();

    for (const s of statements) await t.db.execute(sql.raw(s));
    // Running it again changes nothing: the key is gone.
    for (const s of statements) await t.db.execute(sql.raw(s));

    const moved = await t.db.select().from(frequentPassengers).where(eq(frequentPassengers.userId, user.id)).orderBy(frequentPassengers.createdAt);
    expect(moved.map((p) => [p.surname, p.givenNames, p.gender, p.birthday, p.nationality, p.companyId])).toEqual([
      ['LI', 'XIAO MING', 'male', '1980-05-06', 'CN', companyId],
      ['WANG', 'FANG', null, null, null, companyId],
      ['CHEN', 'JIE', null, null, null, companyId],
    ]);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after.config).toEqual({ ...DEFAULT_USER_CONFIG, cities: ['PEK'] });

    // Served by the new route, without documents, typed adult while the birthday is unknown.
    const login = await call(t.app, 'POST', '/base/v2/login', { body: { username: 'legacy', password: 'Legacy@2024x' } });
    const list = await call(t.app, 'GET', PASSENGERS, { token: login.data.token });
    expect(list.code, list.message).toBe(0);
    expect(list.data.items.map((p: FrequentPassenger) => [p.surname, p.type, p.travel_document, p.travel_documents])).toEqual([
      ['LI', 'adult', null, []],
      ['WANG', 'adult', null, []],
      ['CHEN', 'adult', null, []],
    ]);
  });
});

// PGlite is one connection: requests there run one after the other, so only PostgreSQL can show a race.
describe.skipIf(process.env.TEST_DB !== 'postgres')('the 30 limit under concurrency (postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lets only one of several concurrent creates at 29 through', async () => {
    const operator = await loginAs(t.app, 'operator');
    for (let n = 0; n < 29; n++) expect((await call(t.app, 'POST', PASSENGERS, { token: operator, body: nth(n) })).code).toBe(0);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => call(t.app, 'POST', PASSENGERS, { token: operator, body: nth(100 + i) })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.message === en('travellers.max', { max: 30 }))).toHaveLength(5);
    expect((await call(t.app, 'GET', PASSENGERS, { token: operator })).data.total).toBe(30);
  });

  it('lets only one of two concurrent creates of the same person through', async () => {
    const agency = await loginAs(t.app, 'agency');
    const results = await Promise.all([0, 1].map(() => call(t.app, 'POST', PASSENGERS, { token: agency, body: ZHANG })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
