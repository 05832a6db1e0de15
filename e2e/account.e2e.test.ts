import { describe, expect, it } from 'vitest';
import { en } from './texts.ts';
import { apiCall, apiLogin, atPath, chooseOption, hidden, openLoggedIn, toast, unique, useBrowser, visible } from './ui.ts';

const browser = useBrowser();


describe('user management as the agency SuperUser', () => {
  it('creates a user, disables it, and finds both changes in the user log', async () => {
    const page = await browser.open();
    // Lower-case letters first, as the username rule wants; unique per run.
    const username = unique('e2e.user.');
    const email = `${username}@demo-agency.example`;

    await openLoggedIn(page, 'agency', '/users');
    await visible(page.getByRole('heading', { name: en('users.title'), exact: true }), 'users heading');

    // --- create through the dialog
    await page.getByRole('button', { name: en('users.actions.create') }).click();
    const dialog = await visible(page.getByRole('dialog', { name: en('users.create.title'), exact: true }), 'new-user dialog');
    await dialog.getByLabel(en('users.form.username'), { exact: true }).fill(username);
    await dialog.getByLabel(en('users.form.nickname'), { exact: true }).fill('E2E Created');
    await dialog.getByLabel(en('users.form.email'), { exact: true }).fill(email);
    await dialog.getByLabel(en('users.form.password'), { exact: true }).fill('Secret@12');
    await dialog.getByLabel(en('users.form.confirmPassword'), { exact: true }).fill('Secret@12');
    // Roles start as [operator]; add Finance as well.
    await dialog.getByLabel(en('users.form.roles'), { exact: true }).click();
    await chooseOption(page, en('users.roles.finance'));
    await page.keyboard.press('Escape');
    await visible(dialog.getByLabel(en('users.form.username'), { exact: true }), 'dialog still open after closing the role list');
    const created = page.waitForResponse((r) => r.url().endsWith('/base/v2/users') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: en('users.create.ok') }).click();
    expect((await created).status()).toBe(200);
    await visible(toast(page, en('users.create.success', { username })), 'created toast');
    await hidden(dialog, 'new-user dialog after creating');

    // --- it is in the list (searched, so other users or pages cannot hide it)
    const search = page.getByLabel(en('users.filters.keyword'), { exact: true });
    await search.fill(username);
    await search.press('Enter');
    const row = await visible(page.getByRole('row').filter({ hasText: username }), `row of ${username}`);
    expect(await page.getByRole('row').filter({ hasText: username }).count()).toBe(1);
    await visible(row.getByText(email, { exact: true }), 'email cell');
    await visible(row.getByText(en('users.roles.operator'), { exact: true }), 'Operator role tag');
    await visible(row.getByText(en('users.roles.finance'), { exact: true }), 'Finance role tag');
    await visible(row.getByText(en('users.statuses.active'), { exact: true }), 'Active status');

    // --- disable it, confirming the question
    await row.getByRole('button', { name: en('users.actions.moreFor', { username }) }).click();
    await (await visible(page.getByRole('menuitem', { name: en('users.actions.status') }), 'change-status menu')).hover();
    await (await visible(page.getByRole('menuitem', { name: en('users.status.setTo.disabled'), exact: true }), 'disable menu item')).click();
    const confirm = await visible(page.getByRole('dialog').filter({ hasText: en('users.status.confirmDisableTitle', { username }) }), 'disable confirmation');
    await visible(confirm.getByText(en('users.status.confirmDisableContent'), { exact: true }));
    await confirm.getByRole('button', { name: en('users.status.confirmDisableOk'), exact: true }).click();
    const disabledText = en('users.status.success', { username, status: en('users.statuses.disabled') });
    await visible(toast(page, disabledText), 'disabled toast');
    await visible(row.getByText(en('users.statuses.disabled'), { exact: true }), 'Disabled status in the row');

    // The server agrees: the disabled user cannot log in.
    const login = await apiCall('POST', '/base/v2/login', { body: { username, password: 'Secret@12' } });
    expect(login.message).toBe('This account is disabled. Please contact your administrator.');

    // --- the user log, reached through the user menu, shows both changes with translated action labels
    await page.getByRole('banner').getByRole('button', { name: 'Agency Owner', exact: true }).click();
    await (await visible(page.getByRole('menuitem', { name: en('layout.menu.userLog'), exact: true }), 'User Log menu item')).click();
    await atPath(page, '/user-log');
    await visible(page.getByRole('heading', { name: en('userLog.title'), exact: true }), 'user log heading');
    const logSearch = page.getByLabel(en('userLog.filters.keyword'), { exact: true });
    await logSearch.fill(username);
    await logSearch.press('Enter');
    const entries = page.getByRole('row').filter({ hasText: username });
    const createdRow = await visible(entries.filter({ has: page.getByText(en('userLog.actions.user_create'), { exact: true }) }), 'User created entry');
    const statusRow = await visible(entries.filter({ has: page.getByText(en('userLog.actions.user_status'), { exact: true }) }), 'User status changed entry');
    // Performed by the agency owner, affecting the new user.
    for (const r of [createdRow, statusRow]) {
      const cells = await r.getByRole('cell').allTextContents();
      expect(cells).toContain('agency');
      expect(cells).toContain(username);
    }
    // Exactly these two entries: the refused login of a disabled user is not a user change.
    await expect.poll(() => entries.count()).toBe(2);

    // The API tells the same story (guards against a log page that only renders what it was given).
    const token = await apiLogin('agency');
    const logs = await apiCall<{ items: { action: string; targetUsername: string | null }[] }>('GET', `/base/v2/user-logs?keyword=${username}&page=1&pageSize=20`, { token });
    expect(logs.data.items.map((i) => i.action).sort()).toEqual(['user_create', 'user_status']);
  });
});
