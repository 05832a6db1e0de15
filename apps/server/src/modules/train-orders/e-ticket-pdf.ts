import PDFDocument from 'pdfkit';
import { formatMoney } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import type { SeatClass, TrainOrder } from '@portal/contract/api/trains';
import { documentFonts } from '../flight-orders/documents/fonts.ts';
import { formatDate, splitLocal } from '../flight-orders/documents/format.ts';
import { isValidTicket } from './train.states.ts';

/**
 * The e-ticket (电子客票) itinerary of a train order: one page per valid ticket, as 12306's printable trip record
 * (train, stations, date and time, car and seat, class, fare, name, masked document), in the reader's language with
 * Chinese station names as on the ticket. Noto Sans SC (the itinerary's fonts) prints all three languages.
 */

const L = {
  title: { en: 'Railway e-ticket', 'zh-CN': '铁路电子客票', 'zh-TW': '鐵路電子客票' },
  order: { en: 'Order', 'zh-CN': '订单号', 'zh-TW': '訂單號' },
  railwayOrder: { en: '12306 order', 'zh-CN': '12306订单号', 'zh-TW': '12306訂單號' },
  ticket: { en: 'Ticket', 'zh-CN': '票号', 'zh-TW': '票號' },
  train: { en: 'Train', 'zh-CN': '车次', 'zh-TW': '車次' },
  departs: { en: 'Departs', 'zh-CN': '开车时间', 'zh-TW': '開車時間' },
  arrives: { en: 'Arrives', 'zh-CN': '到达时间', 'zh-TW': '到達時間' },
  seat: { en: 'Car / seat', 'zh-CN': '车厢 / 座位', 'zh-TW': '車廂 / 座位' },
  standing: { en: 'No seat', 'zh-CN': '无座', 'zh-TW': '無座' },
  seatClass: { en: 'Class', 'zh-CN': '席别', 'zh-TW': '席別' },
  fare: { en: 'Fare', 'zh-CN': '票价', 'zh-TW': '票價' },
  passenger: { en: 'Passenger', 'zh-CN': '旅客', 'zh-TW': '旅客' },
  document: { en: 'Document', 'zh-CN': '证件号码', 'zh-TW': '證件號碼' },
  child: { en: 'Child ticket', 'zh-CN': '儿童票', 'zh-TW': '兒童票' },
  changedFrom: { en: 'Changed from', 'zh-CN': '改签自', 'zh-TW': '改簽自' },
  note: {
    en: 'Board with the document above: the e-ticket is held on it. This record is not a reimbursement voucher.',
    'zh-CN': '请持购票时所使用的有效身份证件进站乘车。本行程信息不作为报销凭证。',
    'zh-TW': '請持購票時所使用的有效身分證件進站乘車。本行程資訊不作為報銷憑證。',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** Seat classes as printed (the e-ticket and the e-ticket mail). */
export const CLASS: Record<SeatClass, Record<Language, string>> = {
  business: { en: 'Business', 'zh-CN': '商务座', 'zh-TW': '商務座' },
  first: { en: 'First class', 'zh-CN': '一等座', 'zh-TW': '一等座' },
  second: { en: 'Second class', 'zh-CN': '二等座', 'zh-TW': '二等座' },
  soft_sleeper: { en: 'Soft sleeper', 'zh-CN': '软卧', 'zh-TW': '軟臥' },
  hard_sleeper: { en: 'Hard sleeper', 'zh-CN': '硬卧', 'zh-TW': '硬臥' },
  soft_seat: { en: 'Soft seat', 'zh-CN': '软座', 'zh-TW': '軟座' },
  hard_seat: { en: 'Hard seat', 'zh-CN': '硬座', 'zh-TW': '硬座' },
  no_seat: { en: 'No seat', 'zh-CN': '无座', 'zh-TW': '無座' },
};

export async function renderTrainETicket(order: TrainOrder, lang: Language): Promise<Buffer> {
  const fonts = await documentFonts();
  const t = (k: keyof typeof L) => L[k][lang];
  /** China wall-clock times as printed (the itinerary's date forms: "Tue 01 Dec 2026 08:00" / "2026年12月1日 周二 08:00"). */
  const when = (local: string) => {
    const { date, time } = splitLocal(local);
    return `${formatDate(date, lang, true)} ${time}`;
  };
  const doc = new PDFDocument({ size: 'A5', layout: 'landscape', margin: 36, lang, displayTitle: true, info: { Title: `${t('title')} ${order.orderNumber}`, Author: order.companyName } });
  doc.registerFont('R', fonts.regular);
  doc.registerFont('B', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const printable = order.passengers.filter(isValidTicket);
  printable.forEach((p, i) => {
    if (i > 0) doc.addPage();
    // The ticket's facts in two columns, so a ticket (with a change's history line) keeps to one A5 page.
    const left = doc.page.margins.left;
    const half = (doc.page.width - left - doc.page.margins.right) / 2;
    const pair = (a: [keyof typeof L, string], b?: [keyof typeof L, string]) => {
      const top = doc.y;
      let bottom = top;
      for (const [i, cell] of [a, b].entries()) {
        if (!cell) continue;
        doc.font('R').fontSize(9).fillColor('#666').text(t(cell[0]), left + i * half, top, { width: half - 8 });
        doc.font('B').fontSize(12).fillColor('#000').text(cell[1], left + i * half, doc.y, { width: half - 8 });
        bottom = Math.max(bottom, doc.y);
      }
      doc.x = left;
      doc.y = bottom;
      doc.moveDown(0.3);
    };
    // A changed ticket prints its new ticket (train, stations, seat, fare, number); the old one is history below.
    const c = p.change;
    const ride = {
      train: c?.trainNumber ?? order.trainNumber,
      from: c?.from?.name ?? order.from.name,
      to: c?.to?.name ?? order.to.name,
      departureAt: c?.departureAt ?? order.departureAt,
      arrivalAt: c ? c.arrivalAt : order.arrivalAt,
      seatClass: c?.seatClass ?? order.seatClass,
      seat: c ? c.seat : p.seat,
      fare: c?.fare ?? p.price,
      ticketNumber: c ? c.ticketNumber : p.ticketNumber,
      railwayOrder: c ? c.orderNumber : order.supplierOrderNumber,
    };
    doc.font('B').fontSize(16).text(t('title'));
    doc.font('R').fontSize(9).fillColor('#666').text(`${t('order')} ${order.orderNumber}    ${t('railwayOrder')} ${ride.railwayOrder ?? ''}    ${t('ticket')} ${ride.ticketNumber ?? ''}`);
    // The old ticket, as history: one small line under the header, so the page keeps to one sheet.
    if (c) doc.text(`${t('changedFrom')} ${order.trainNumber} ${when(order.departureAt)}    ${t('ticket')} ${p.ticketNumber ?? ''}`);
    doc.moveDown(0.8).fillColor('#000');
    doc.font('B').fontSize(22).text(`${ride.from}  ${ride.train}  ${ride.to}`, { align: 'center' });
    doc.moveDown(0.6);
    const seat = ride.seat ? (ride.seat.seat ? `${ride.seat.car} / ${ride.seat.seat}` : `${ride.seat.car} / ${t('standing')}`) : '-';
    pair(['departs', when(ride.departureAt)], ride.arrivalAt ? ['arrives', when(ride.arrivalAt)] : undefined);
    pair(['seat', seat], ['seatClass', `${CLASS[ride.seatClass][lang]}${p.ticketType === 'child' ? ` (${t('child')})` : ''}`]);
    pair(['passenger', p.name], ['document', p.document.number]);
    pair(['fare', formatMoney(ride.fare, 'CNY')]);
    doc.moveDown(0.5).font('R').fontSize(8).fillColor('#666').text(t('note'));
  });
  doc.end();
  return done;
}
