import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GroupNamesRefusal } from '@portal/contract/api/group-names';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { runSimulatedTicketing } from '../src/modules/group-orders/ticketing.usecase.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { DAY_MS, groupBooking, groupDetail, GROUPS as G, inMs, paidGroup, requestedGroup } from './helpers/groups.ts';
import { companyIdOf, multipartFile } from './helpers/tenants.ts';

/** Group flights, issue 12: the passenger list as an Excel workbook (template, upload, confirmation) and ticketing. */
let t: TestApp;
let operator: string;
let other: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  [operator, other, admin] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'other'), loginAs(t.app, 'admin')]);
  await setCommonConfig(t, 'A00002', { enableFlightService: true });
  expect((await ledger.topUp(t.db, await companyIdOf(t, 'A00001'), 'CNY', 5_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await ledger.checkInvariants(t.db)).toEqual([]);
});

const yearsAgo = (n: number) => `${new Date().getUTCFullYear() - n}-03-05`;

/** 10 adults, 2 children, 1 infant, quoted with a deposit and the final payment, both paid: proceeding. */
async function proceeding(route: { destination: string; carrier: string } = { destination: 'SHA', carrier: 'CA' }): Promise<GroupOrder> {
  const booking = groupBooking();
  const j = { ...booking.journeys[0], destination: route.destination };
  const g = await paidGroup(
    t,
    { agent: operator, desk: admin },
    ['deposit1', 'final'],
    {
      journeys: [{ journeyIndex: 0, flights: [{ carrier: route.carrier, flightNumber: `${route.carrier}1501`, origin: j.origin, destination: j.destination, departure: `${j.date}T08:00`, arrival: `${j.date}T10:10` }] }],
      paymentPlan: [
        { kind: 'deposit1', amount: 2700, dueAt: inMs(3 * DAY_MS) },
        { kind: 'final', amount: 10000, dueAt: inMs(40 * DAY_MS) },
      ],
    },
    { ...booking, journeys: [j] },
  );
  expect(g.status).toBe('proceeding');
  return g;
}

const detail = (id: string, token = operator) => groupDetail(t, token, id);

async function template(id: string, o: { token?: string; lang?: string } = {}) {
  const res = await t.app.inject({ method: 'GET', url: `${G}/orders/${id}/names/template`, headers: { authorization: `Bearer ${o.token ?? operator}`, 'accept-language': o.lang ?? 'en' } });
  return res;
}

const upload = (id: string, file: Buffer, o: { token?: string; lang?: string; filename?: string } = {}) => {
  const part = multipartFile(file, { filename: o.filename ?? 'names.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  return call<GroupOrder & GroupNamesRefusal>(t.app, 'PUT', `${G}/orders/${id}/names`, { token: o.token ?? operator, lang: o.lang, body: part.body, headers: part.headers });
};

type Row = [type: string, surname: string, given: string, gender: string, birthday: string, nationality: string, docType: string, docNumber: string, expiry: string, issuer: string];
const adult = (i: number): Row => ['adult', 'ZHANG', `SAN ${String.fromCharCode(65 + i)}`, i % 2 ? 'female' : 'male', '1980-01-0' + ((i % 9) + 1), 'CN', 'passport', `E${String(10000000 + i)}`, '2035-01-01', 'CN'];
const child = (i: number): Row => ['child', 'LI', `XIAO ${String.fromCharCode(65 + i)}`, 'male', yearsAgo(6), 'CN', 'passport', `E${String(20000000 + i)}`, '2035-01-01', 'CN'];
const infant = (): Row => ['infant', 'WANG', 'BAOBAO', 'female', yearsAgo(1), 'CN', 'passport', 'E30000000', '2035-01-01', 'CN'];
const goodRows = (): Row[] => [...Array.from({ length: 10 }, (_, i) => adult(i)), child(0), child(1), infant()];

/** The portal's own template, downloaded and filled in as an agent would (cells typed into the first sheet). */
async function filled(id: string, rows: (string | Date)[][], o: { lang?: string } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await template(id, o)).rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  rows.forEach((r, i) => r.forEach((v, c) => (ws.getCell(i + 2, c + 1).value = v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('template', () => {
  it('hands out the workbook in the reader’s language: a header, a row per traveller, drop-downs and a guide', async () => {
    const g = await proceeding();
    expect(g.names).toMatchObject({ status: 'not_uploaded', passengers: [], expected: { seats: 12, infants: 1 } });
    expect(g.actions).toEqual(['uploadNames']);
    const res = await template(g.id, { lang: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`${g.bookingNumber}-passengers.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['旅客名单', '填写说明']);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as string[]).slice(1, 4)).toEqual(['旅客类型', '姓', '名']);
    expect(ws.getCell(2, 1).dataValidation).toMatchObject({ type: 'list', formulae: ['"adult,child,infant"'] });
    expect(ws.getCell(14, 7).dataValidation).toMatchObject({ type: 'list' });
    expect(String(wb.worksheets[1].getCell(1, 1).value)).toContain(g.bookingNumber);
    expect(String(wb.worksheets[1].getCell(1, 1).value)).toContain('占座旅客（成人及儿童）12位，婴儿1位');
  });

  it('is the agency’s own: another agency gets 404, the platform desk 403', async () => {
    const g = await proceeding();
    expect((await template(g.id, { token: other })).statusCode).toBe(404);
    expect((await template(g.id, { token: admin })).statusCode).toBe(403);
  });
});

describe('upload', () => {
  it('stores a valid list, shows it masked, and lets the agency correct it by uploading again', async () => {
    const g = await proceeding();
    const res = await upload(g.id, await filled(g.id, goodRows()));
    expect(res.status, res.message).toBe(200);
    expect(res.message).toBe('Passenger list uploaded: 13 travellers. Check it and confirm it; until then you may upload a corrected list.');
    expect(res.data.names.status).toBe('uploaded');
    expect(res.data.names.uploadedBy).toBeTruthy();
    expect(res.data.names.passengers).toHaveLength(13);
    expect(res.data.names.passengers[0]).toMatchObject({ row: 2, type: 'adult', surname: 'ZHANG', given_names: 'SAN A', gender: 'male', travel_document: { type: 'passport', number: '*****0000' }, ticketNumber: null });
    expect(res.data.actions).toEqual(['uploadNames', 'confirmNames']);
    expect(res.data.timeline.at(-1)).toMatchObject({ event: 'names_uploaded', from: 'proceeding', to: 'proceeding', message: { key: 'group.names.uploaded', params: { count: 13 } } });

    // The re-downloaded template carries the list in full, to be corrected and sent back.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await template(g.id)).rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getCell(2, 8).value).toBe('E10000000');
    const corrected = goodRows();
    corrected[0][1] = 'ZHAO';
    const again = await upload(g.id, await filled(g.id, corrected));
    expect(again.status).toBe(200);
    expect(again.data.names.passengers[0].surname).toBe('ZHAO');
    expect(again.data.names.passengers).toHaveLength(13);
  });

  it('reads what agents type: Chinese type and gender words, date cells, lower-case names and blank rows in between', async () => {
    const g = await proceeding();
    const rows: (string | Date)[][] = goodRows().map((r) => [...r]);
    rows[0] = ['成人', 'zhang', 'san', '男', new Date(Date.UTC(1980, 0, 2)), 'cn', '护照', 'e 1000 0000', new Date(Date.UTC(2035, 0, 1)), 'CN'];
    rows[12] = ['婴儿', 'WANG', 'BAOBAO', '女', yearsAgo(1), 'CN', 'passport', 'E30000000', '2035-01-01', 'CN'];
    const withGap = [...rows.slice(0, 5), ['', '', '', '', '', '', '', '', '', ''], ...rows.slice(5)];
    const res = await upload(g.id, await filled(g.id, withGap, { lang: 'zh-TW' }));
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data.names.passengers[0]).toMatchObject({ type: 'adult', surname: 'ZHANG', given_names: 'SAN', gender: 'male', birthday: '1980-01-02', nationality: 'CN', travel_document: { type: 'passport', expiryDate: '2035-01-01' } });
    expect(res.data.names.passengers.at(-1)).toMatchObject({ row: 15, type: 'infant', gender: 'female' });
  });

  it('refuses a list with wrong rows whole, naming each problem’s row and column in the reader’s language, and keeps the previous list', async () => {
    const g = await proceeding();
    expect((await upload(g.id, await filled(g.id, goodRows()))).status).toBe(200);
    const rows = goodRows();
    rows[1][1] = 'Zh4ng'; // row 3, surname (C)
    rows[10][4] = yearsAgo(20); // row 12: a "child" of 20 (type, B)
    rows[3][7] = 'E10000000'; // row 5: the document of row 2 again (I)
    rows[4][5] = 'XX'; // row 6, nationality (G)
    const res = await upload(g.id, await filled(g.id, rows), { lang: 'zh-CN' });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.message).toBe('旅客名单有4处问题，未保存。请修改所示行后重新上传。');
    const where = res.data.problems.map((p) => [p.row, p.column, p.field]);
    expect(where).toEqual(
      expect.arrayContaining([
        [3, 'B', 'surname'],
        [12, 'A', 'type'],
        [6, 'F', 'nationality'],
        [5, 'H', 'travel_document.number'],
      ]),
    );
    expect(res.data.problems).toHaveLength(4);
    expect(res.data.problems.every((p) => p.message && !p.message.startsWith('order.'))).toBe(true);
    const kept = await detail(g.id);
    expect(kept.names.passengers[1].surname).toBe('ZHANG');
    expect(kept.timeline.filter((e) => e.event === 'names_uploaded')).toHaveLength(1);
  });

  it('checks the list against the seats held and the infants asked', async () => {
    const g = await proceeding();
    const res = await upload(g.id, await filled(g.id, goodRows().slice(0, 12)));
    expect(res.status).toBe(400);
    expect(res.data.problems).toEqual([
      expect.objectContaining({ row: null, column: null, key: 'group.names.count', message: 'The list must hold 12 seated travellers (adults and children) and 1 infants; it holds 12 and 0' }),
    ]);
    expect((await detail(g.id)).names.status).toBe('not_uploaded');
  });

  it('refuses a mainland ID card on an international group', async () => {
    const g = await proceeding({ destination: 'HKG', carrier: 'CX' });
    const rows = goodRows();
    rows[0] = ['adult', 'ZHANG', 'SAN', 'male', '1990-03-07', 'CN', 'idcard', '110105199003070017', '', ''];
    const res = await upload(g.id, await filled(g.id, rows));
    expect(res.status).toBe(400);
    expect(res.data.problems).toEqual([expect.objectContaining({ row: 2, column: 'G', field: 'travel_document.type', key: 'group.names.idcardAbroad' })]);
  });

  it('refuses a wrong file: not a workbook, not the template, no travellers', async () => {
    const g = await proceeding();
    const png = await upload(g.id, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), { filename: 'names.xlsx' });
    expect(png.status).toBe(415);
    expect(png.message).toBe('Wrong file type: upload the passenger list as an Excel workbook (.xlsx)');
    const zip = await upload(g.id, Buffer.from('504b030414000000', 'hex'));
    expect(zip.status).toBe(415);

    const foreign = new ExcelJS.Workbook();
    foreign.addWorksheet('Sheet1').addRow(['Name', 'Passport']);
    foreign.worksheets[0].addRow(['ZHANG SAN', 'E1']);
    const notTemplate = await upload(g.id, Buffer.from(await foreign.xlsx.writeBuffer()));
    expect(notTemplate.status).toBe(400);
    expect(notTemplate.message).toContain('not the passenger list template');

    const empty = await upload(g.id, (await template(g.id)).rawPayload);
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('The workbook lists no travellers');

    const missing = await call(t.app, 'PUT', `${G}/orders/${g.id}/names`, { token: operator, body: {} });
    expect(missing.status).toBe(400);
    expect((await detail(g.id)).names.status).toBe('not_uploaded');
  });

  it('is refused before the final payment, and to anyone but the agency', async () => {
    const g = await proceeding();
    const file = await filled(g.id, goodRows());
    expect((await upload(g.id, file, { token: other })).status).toBe(404);
    expect((await upload(g.id, file, { token: admin })).status).toBe(403);

    const early = await requestedGroup(t, operator);
    const res = await upload(early.id, file);
    expect(res.status).toBe(409);
    expect(res.message).toBe('The passenger list is uploaded after the final payment');
    expect((await detail(early.id)).actions).not.toContain('uploadNames');
  });
});

describe('confirmation and ticketing', () => {
  it('confirms the list, then it cannot change; the desk issues one ticket per traveller on the carrier’s stock', async () => {
    const g = await proceeding();
    const none = await call(t.app, 'POST', `${G}/orders/${g.id}/names/confirmation`, { token: operator });
    expect(none.status).toBe(409);
    expect(none.message).toBe('Upload the passenger list before confirming it');
    expect((await upload(g.id, await filled(g.id, goodRows()))).status).toBe(200);
    expect((await call(t.app, 'POST', `${G}/orders/${g.id}/names/confirmation`, { token: other })).status).toBe(404);

    const res = await call<GroupOrder>(t.app, 'POST', `${G}/orders/${g.id}/names/confirmation`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.data.names.status).toBe('confirmed');
    expect(res.data.actions).toEqual([]);
    expect(res.data.timeline.at(-1)).toMatchObject({ event: 'names_confirmed', message: { key: 'group.names.confirmed' } });
    const locked = await upload(g.id, await filled(g.id, goodRows()));
    expect(locked.status).toBe(409);
    expect(locked.message).toBe('The passenger list is confirmed and cannot be changed');
    expect((await call(t.app, 'POST', `${G}/orders/${g.id}/names/confirmation`, { token: operator })).status).toBe(409);

    // Not before the desk's delay.
    await runSimulatedTicketing(t.app.deps, new Date(), { delaySeconds: 3600 });
    expect((await detail(g.id)).status).toBe('proceeding');
    expect(await runSimulatedTicketing(t.app.deps, new Date(Date.now() + 1000), { delaySeconds: 0 })).toBeGreaterThanOrEqual(1);
    const issued = await detail(g.id);
    expect(issued.status).toBe('issued');
    const numbers = issued.names.passengers.map((p) => p.ticketNumber);
    expect(numbers).toHaveLength(13);
    // Air China's accounting code is 999; a ticket number is 13 digits.
    expect(numbers.every((n) => /^999\d{10}$/.test(n ?? ''))).toBe(true);
    expect(new Set(numbers).size).toBe(13);
    expect(issued.timeline.at(-1)).toMatchObject({ event: 'issue', from: 'proceeding', to: 'issued', actor: { kind: 'system' }, message: { key: 'group.tickets.issued', params: { count: 13 } } });

    // A second run issues nothing again.
    await runSimulatedTicketing(t.app.deps, new Date(Date.now() + 2000), { delaySeconds: 0 });
    const again = await detail(g.id);
    expect(again.names.passengers.map((p) => p.ticketNumber)).toEqual(numbers);
    expect(again.timeline.filter((e) => e.event === 'issue')).toHaveLength(1);
    // The desk reads the list (masked) and the tickets.
    const desk = await detail(g.id, admin);
    expect(desk.names.passengers[0].travel_document.number).toBe('*****0000');
  });
});
