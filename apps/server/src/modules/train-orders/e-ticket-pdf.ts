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
  changed: { en: 'Changed to', 'zh-CN': '已改签至', 'zh-TW': '已改簽至' },
  note: {
    en: 'Board with the document above: the e-ticket is held on it. This record is not a reimbursement voucher.',
    'zh-CN': '请持购票时所使用的有效身份证件进站乘车。本行程信息不作为报销凭证。',
    'zh-TW': '請持購票時所使用的有效身分證件進站乘車。本行程資訊不作為報銷憑證。',
  },
} as const satisfies Record<string, Record<Language, string>>;

const CLASS: Record<SeatClass, Record<Language, string>> = {
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
    const row = (k: keyof typeof L, value: string) => {
      doc.font('R').fontSize(9).fillColor('#666').text(t(k), { continued: false });
      doc.font('B').fontSize(12).fillColor('#000').text(value).moveDown(0.3);
    };
    doc.font('B').fontSize(16).text(t('title'));
    doc.font('R').fontSize(9).fillColor('#666').text(`${t('order')} ${order.orderNumber}    ${t('railwayOrder')} ${order.supplierOrderNumber ?? ''}    ${t('ticket')} ${p.ticketNumber ?? ''}`);
    doc.moveDown(0.8).fillColor('#000');
    doc.font('B').fontSize(22).text(`${order.from.name}  ${order.trainNumber}  ${order.to.name}`, { align: 'center' });
    doc.moveDown(0.6);
    row('departs', when(order.departureAt));
    row('arrives', when(order.arrivalAt));
    const seat = p.seat ? (p.seat.seat ? `${p.seat.car} / ${p.seat.seat}` : `${p.seat.car} / ${t('standing')}`) : '-';
    row('seat', seat);
    row('seatClass', `${CLASS[order.seatClass][lang]}${p.ticketType === 'child' ? ` (${t('child')})` : ''}`);
    row('fare', formatMoney(p.price, 'CNY'));
    row('passenger', p.name);
    row('document', p.document.number);
    if (p.change) row('changed', `${p.change.trainNumber} ${when(p.change.departureAt)}`);
    doc.moveDown(0.5).font('R').fontSize(8).fillColor('#666').text(t('note'));
  });
  doc.end();
  return done;
}
