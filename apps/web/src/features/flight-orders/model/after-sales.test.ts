import { describe, expect, it } from 'vitest';
import { REFUND_REASONS, REFUND_SUB_REASONS, CHANGE_REASONS } from '@portal/contract/api/after-sales';
import en from '../../../locales/en/orders.json';
import zhCN from '../../../locales/zh-CN/orders.json';
import zhTW from '../../../locales/zh-TW/orders.json';
import { afterSalesOptions } from '../test/fixtures';
import { fileProblem, isInvoluntaryReason, needsDocuments, openLegsOf, scheduleSubReason, sortFiles, subReasonsOf } from './after-sales';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('supporting documents', () => {
  it('takes jpg, png and pdf up to 2 MB, by extension and MIME type', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(fileProblem(file('a.JPEG', 'image/jpeg'))).toBeNull();
    expect(fileProblem(file('a.png', ''))).toBeNull();
    expect(fileProblem(file('a.pdf', 'application/pdf', 2 * 1024 * 1024))).toBeNull();
    expect(fileProblem(file('a.gif', 'image/gif'))).toBe('type');
    expect(fileProblem(file('a.pdf', 'image/gif'))).toBe('type');
    expect(fileProblem(file('a.docx', ''))).toBe('type');
    expect(fileProblem(file('a.pdf', 'application/pdf', 2 * 1024 * 1024 + 1))).toBe('size');
    expect(fileProblem(file('a.pdf', 'application/pdf', 0))).toBe('size');
  });

  it('refuses files past the fifth, counting those already there', () => {
    const batch = ['1', '2', '3', '4'].map((n) => file(`${n}.pdf`, 'application/pdf'));
    const { accepted, refused } = sortFiles(2, [...batch, file('x.gif', 'image/gif')]);
    expect(accepted.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(refused.map((r) => [r.file.name, r.problem])).toEqual([
      ['4.pdf', 'count'],
      ['x.gif', 'type'],
    ]);
  });
});

describe('reasons', () => {
  it('sub-reasons for 2, 3 and 6 only; 1-3 are asked as involuntary; 2 and 6 need documents', () => {
    expect(subReasonsOf(2)).toEqual(['passenger', 'companion', 'bereavement']);
    expect(subReasonsOf(0)).toEqual([]);
    expect(subReasonsOf(undefined)).toEqual([]);
    expect(REFUND_REASONS.filter(isInvoluntaryReason)).toEqual([1, 2, 3]);
    expect(REFUND_REASONS.filter(needsDocuments)).toEqual([2, 6]);
    expect(scheduleSubReason('cancel_no_save')).toBe('cancellation');
    expect(scheduleSubReason('change')).toBe('timeChange');
  });

  it.each([
    ['en', en],
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ])('%s labels every reason and sub-reason', (_lang, file) => {
    const a = (file.orders as unknown as { afterSales: { reasons: { refund: Record<string, string>; change: Record<string, string> }; subReasons: Record<string, string> } }).afterSales;
    for (const r of REFUND_REASONS) expect(a.reasons.refund[r], `refund ${r}`).toBeTruthy();
    for (const r of CHANGE_REASONS) expect(a.reasons.change[r], `change ${r}`).toBeTruthy();
    for (const s of Object.values(REFUND_SUB_REASONS).flat()) expect(a.subReasons[s], s).toBeTruthy();
  });
});

describe('open legs', () => {
  it('are the legs still open for any chosen passenger', () => {
    const options = afterSalesOptions({
      open: [
        { passengerId: 'p1', name: 'A', ticketNumber: null, legs: [1] },
        { passengerId: 'p2', name: 'B', ticketNumber: null, legs: [0, 1] },
      ],
    });
    expect(openLegsOf(options, ['p1'])).toEqual([1]);
    expect(openLegsOf(options, ['p1', 'p2'])).toEqual([0, 1]);
    expect(openLegsOf(options, [])).toEqual([]);
  });
});
