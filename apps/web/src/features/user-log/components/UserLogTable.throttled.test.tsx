import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { UserLogItem } from '@portal/contract/api/user-logs';
import { setLanguage } from '../../../lib/i18n';
import { UserLogTable } from './UserLogTable';

// What the server records when repeated failed sign-ins start slowing an account (login.service.ts).
const entry: UserLogItem = {
  id: 'l1',
  action: 'login_throttled',
  actorUsername: null,
  targetUsername: 'finance',
  detail: { failedAttempts: 5, waitSeconds: 30, allNewAddresses: false },
  ip: '203.0.113.10',
  userAgent: null,
  createdAt: '2026-11-23T04:00:00Z',
};

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const show = () => render(<UserLogTable logs={[entry]} loading={false} pagination={false} dateFormat="yyyy-MM-dd" empty={null} />);

describe('the owner sees repeated failed sign-ins in the user log', { timeout: 20_000 }, () => {
  it.each([
    ['en', 'Sign-in slowed after repeated failures', ['Failed attempts:', 'Next attempt after (seconds):', 'Slowed for every new address:', 'No']],
    ['zh-CN', '多次登录失败，已限制登录频率', ['失败次数:', '下次尝试间隔（秒）:', '所有新地址均受限:', '否']],
    ['zh-TW', '多次登入失敗，已限制登入頻率', ['失敗次數:', '下次嘗試間隔（秒）:', '所有新位址均受限:', '否']],
  ] as const)('labels the entry and its details in %s', async (language, label, details) => {
    await setLanguage(language);
    show();
    expect(screen.getByText(label)).toBeTruthy();
    for (const text of details) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('30')).toBeTruthy();
    expect(screen.getByText('203.0.113.10')).toBeTruthy();
  });
});
