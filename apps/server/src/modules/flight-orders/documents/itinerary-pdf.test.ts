import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { extractPdfText } from '../../../../test/helpers/pdf-text.ts';
import { renderItineraryPdf } from './itinerary-pdf.ts';
import { documentNamesFor } from './names.ts';
import { orderFixture } from './order.fixture.ts';

const PRINT = { fare: 123400, tax: 20000, serviceCharge: 5000, quantity: 2 };
const MAX_BYTES = 1.5 * 1024 * 1024;

async function render(order: FlightOrder, lang: 'en' | 'zh-CN' | 'zh-TW', print = PRINT) {
  const pdf = await renderItineraryPdf(order, print, lang, documentNamesFor(lang), { now: new Date('2026-11-25T00:00:00Z') });
  // ITINERARY_PDF_DIR=/tmp/x keeps the files to look at (pdftoppm -png).
  if (process.env.ITINERARY_PDF_DIR) await writeFile(`${process.env.ITINERARY_PDF_DIR}/itinerary-${lang}-${order.status}-${order.currency}-${order.passengers.length}.pdf`, pdf);
  // Cells wrap long names onto more lines: compare words, not line breaks.
  return { pdf, text: (await extractPdfText(pdf)).replace(/\s+/g, ' ') };
}

describe('itinerary PDF', () => {
  it('prints names, tickets, booking and the typed total in Chinese with an embedded CJK font', async () => {
    const { pdf, text } = await render(orderFixture(), 'zh-CN');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(MAX_BYTES);
    for (const s of ['ZHANG/SAN', 'LI/小明', '999-1234567890', '999-1234567891', 'F2612010042', 'MXQ7PZ', 'CNY 2,968.00', '1,484.00']) {
      expect(text).toContain(s);
    }
    // Labels, place and airline names come out as characters, not boxes: the font maps them back to Unicode.
    for (const s of ['行程单', '乘客姓名', '电子客票号', '北京首都国际机场', '中国国际航空', '已确认', '成人', '儿童', '第1程']) {
      expect(text).toContain(s);
    }
    expect(text).toContain('2026年11月20日');
    expect(text).toMatch(/第1页，共\d+页/);
  });

  it('prints in English with the same facts', async () => {
    const { pdf, text } = await render(orderFixture(), 'en');
    expect(pdf.length).toBeLessThan(MAX_BYTES);
    for (const s of ['Itinerary', 'ZHANG/SAN', 'LI/小明', '999-1234567890', '999-1234567891', 'F2612010042', 'CNY 2,968.00']) {
      expect(text).toContain(s);
    }
    for (const s of ['Beijing Capital International Airport', 'Air China', 'Confirmed', 'Passenger name', 'Fee CNY 300.00', 'Not allowed', 'CA1501', 'CA1522', 'YOW', 'YRT', '1PC 23KG', 'T3']) {
      expect(text).toContain(s);
    }
    expect(text).toContain('20 Nov 2026');
    expect(text).toMatch(/check in at least 2 hours before departure for international flights/);
    expect(text).not.toMatch(/行程单|乘客/);
  });

  it('prints traditional Chinese labels in zh-TW', async () => {
    const { text } = await render(orderFixture(), 'zh-TW');
    for (const s of ['行程單', '旅客姓名', '北京首都國際機場', '中國國際航空', '已確認']) expect(text).toContain(s);
  });

  it('never prints what the agency pays, only the price it typed', async () => {
    const { text } = await render(orderFixture(), 'en', { fare: 100000, tax: 0, serviceCharge: 0, quantity: 1 });
    expect(text).toContain('CNY 1,000.00');
    // Selling prices (1,504.00 and 697.00) and the order total (2,201.00) are the agency's cost.
    for (const s of ['1,504.00', '697.00', '2,201.00', '1,434.00']) expect(text).not.toContain(s);
  });

  it('formats amounts with the currency minor digits', async () => {
    const { text } = await render(orderFixture({ currency: 'JPY' }), 'en', { fare: 1234567, tax: 0, serviceCharge: 0, quantity: 3 });
    expect(text).toContain('JPY 3,703,701');
    expect(text).not.toContain('3,703,701.00');
  });

  it('continues long orders on more pages with the footer on each', async () => {
    const base = orderFixture();
    const passengers = Array.from({ length: 18 }, (_, i) => ({
      ...base.passengers[i % 2],
      id: `p${i}`,
      surname: `PASSENGER${String.fromCharCode(65 + i)}`,
      ticketNumber: `99912345678${String(i).padStart(2, '0')}`,
    }));
    const legs = Array.from({ length: 6 }, () => base.legs).flat();
    const { pdf, text } = await render({ ...base, passengers, legs }, 'zh-CN', { ...PRINT, quantity: 18 });
    expect(pdf.length).toBeLessThan(MAX_BYTES);
    expect(text).toContain('第3页，共3页');
    // A table cut by a page break repeats its header on the next page.
    expect(text.match(/运价基础/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('第12程');
    expect(text).toContain('PASSENGERR/小明');
    expect(text).toContain('999-1234567817');
    expect(text).toContain('CNY 26,712.00');
  });

  it('prints a reserved booking without tickets yet', async () => {
    const base = orderFixture({ status: 'reserved', issuedAt: null, recordLocator: null });
    const order = { ...base, passengers: base.passengers.map((p) => ({ ...p, ticketNumber: null })) };
    const { text } = await render(order, 'en');
    expect(text).toContain('To be issued');
    expect(text).toContain('25 Nov 2026');
  });
});

describe('documentNamesFor', () => {
  it('names codes in the language and falls back to the code', () => {
    const zh = documentNamesFor('zh-CN');
    expect(zh.airline('CA')).toBe('中国国际航空');
    expect(zh.airport('PVG')).toBe('上海浦东国际机场');
    expect(zh.city('PVG')).toBe('上海');
    expect(documentNamesFor('zh-TW').city('TPE')).toBe('臺北');
    expect(documentNamesFor('en').airline('ZZ9')).toBe('ZZ9');
  });
});
