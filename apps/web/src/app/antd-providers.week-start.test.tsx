import { afterAll, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import i18n from '../lib/i18n';
import { AntdProviders } from './antd-providers';
import { Providers } from './providers';

// The site config query is not what is under test: it never answers, so the providers render with their defaults.
vi.mock('../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  isAbort: () => false,
  api: { get: vi.fn(() => new Promise(() => {})), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));

afterAll(async () => {
  await i18n.changeLanguage('en');
});

/** The weekday header of the open calendar, left to right. */
function weekdayHeader(): string[] {
  // antd's date panel is a plain table without ARIA roles; its head row holds the weekday names.
  return [...document.querySelectorAll('.ant-picker-date-panel thead th')].map((th) => th.textContent ?? '');
}

describe('calendars start the week on Sunday (spec point 9)', () => {
  // zh-CN is the case that failed: dayjs's zh-cn locale starts the week on Monday.
  it.each([
    ['en', 'Su'],
    ['zh-CN', '日'],
    ['zh-TW', '日'],
  ])('%s: the first column is Sunday', async (language, sunday) => {
    await i18n.changeLanguage(language);
    render(
      <Providers>
        <AntdProviders>
          <DatePicker open defaultPickerValue={dayjs('2026-11-01')} />
        </AntdProviders>
      </Providers>,
    );
    const header = weekdayHeader();
    expect(header).toHaveLength(7);
    expect(header[0]).toBe(sunday);
    // 1 November 2026 is a Sunday: with a Sunday start it is the first cell of the first row, not in the seventh column.
    expect(dayjs('2026-11-01').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-01');
  });
});
