import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Lang } from './browser.ts';
import { tx } from './texts.ts';
import { apiCall, apiLogin, fieldError, hidden, unique, useBrowser, visible } from './ui.ts';

const browser = useBrowser();


/** The landing page scrolled to the partnership form; returns the form's section. */
async function openForm(lang: Lang = 'en'): Promise<{ page: Page; form: Locator }> {
  const page = await browser.open({ lang });
  await page.goto('/#partnership');
  const form = await visible(page.getByRole('region', { name: tx(lang, 'landing.partnership.title'), exact: true }), 'partnership section');
  return { page, form };
}

const field = (form: Locator, key: string, lang: Lang = 'en') => form.getByLabel(tx(lang, `landing.form.${key}.label`), { exact: true });
const submit = (form: Locator, lang: Lang = 'en') => form.getByRole('button', { name: tx(lang, 'landing.form.submit') }).click();

/** Fills every field a visitor would; the country is picked by typing its name and pressing Enter. */
async function fillValid(page: Page, form: Locator, name: string, contact = 'partner.e2e@example.com') {
  await field(form, 'name').fill(name);
  await field(form, 'contact').fill(contact);
  const country = field(form, 'country');
  await country.click();
  await country.fill('Singapore');
  await visible(page.locator('.ant-select-item-option[title="Singapore"]'), 'country option Singapore');
  await country.press('Enter');
  await visible(form.locator('.ant-select-content[title="Singapore"]'), 'Singapore chosen');
  await form.getByLabel(tx('en', 'landing.form.phone.label'), { exact: true }).fill('6123 4567');
  await field(form, 'companyName').fill('E2E Travel Pte Ltd');
  await field(form, 'website').fill('www.e2e-travel.example');
  await field(form, 'companyAddress').fill('1 Test Street, Singapore');
  await field(form, 'remarks').fill('Interested in the API integration.');
}

describe('partnership form', () => {
  it('shows the required-field messages on an empty submit', async () => {
    const { form } = await openForm();
    await submit(form);
    // Spec point 5, exact texts.
    await visible(fieldError(form, 'Please input the username'), 'name required');
    await visible(fieldError(form, 'Please select your country'), 'country required');
    await visible(fieldError(form, 'Please input email address or phone number'), 'contact required');
    // Nothing else is required: exactly these three messages.
    expect(await form.locator('.ant-form-item-explain-error').allTextContents()).toHaveLength(3);
  });

  it('shows the required-field messages in Simplified Chinese for a Chinese visitor', async () => {
    const { form } = await openForm('zh-CN');
    await submit(form, 'zh-CN');
    for (const key of ['validation.application.name', 'validation.application.country', 'validation.application.contact']) {
      await visible(fieldError(form, tx('zh-CN', key)), key);
    }
  });

  it('refuses an invalid email address', async () => {
    const { page, form } = await openForm();
    await fillValid(page, form, 'Bad Email', 'someone@bad');
    await submit(form);
    await visible(fieldError(form, 'The email format is incorrect.'), 'email format message');
    expect(await form.locator('.ant-form-item-explain-error').allTextContents()).toEqual(['The email format is incorrect.']);
    // Still the form: nothing was sent.
    await visible(form.getByRole('button', { name: tx('en', 'landing.form.submit') }));
  });

  it('submits a complete application, shows the thank-you result and stores it', async () => {
    const { page, form } = await openForm();
    const name = unique('E2E Partner ');
    await fillValid(page, form, name);
    const posted = page.waitForResponse((r) => r.url().endsWith('/base/v2/applications') && r.request().method() === 'POST');
    await submit(form);
    expect((await posted).status()).toBe(200);

    await visible(form.getByText('Submitted', { exact: true }), 'Submitted title');
    await visible(form.getByText(tx('en', 'landing.form.success.text'), { exact: true }), 'thank-you text');
    expect(tx('en', 'landing.form.success.text')).toMatch(/received your message.*account manager will reach out/i);
    await hidden(form.getByRole('button', { name: tx('en', 'landing.form.submit') }), 'the form after success');

    // The platform admin sees the application with what was typed.
    const token = await apiLogin('admin');
    const list = await apiCall<{ items: { name: string; contact: string; country: string; phone: string | null; companyName: string | null; language: string }[] }>(
      'GET',
      '/base/v2/applications?page=1&pageSize=100',
      { token },
    );
    expect(list.code).toBe(0);
    const stored = list.data.items.find((a) => a.name === name);
    expect(stored).toMatchObject({ name, contact: 'partner.e2e@example.com', country: 'SG', phone: '+65 6123 4567', companyName: 'E2E Travel Pte Ltd', language: 'en' });
  });

  it('shows the failure result when the server answers HTTP 500, and keeps what was typed', async () => {
    const { page, form } = await openForm();
    let calls = 0;
    await page.route('**/base/v2/applications', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    const name = unique('E2E Failing ');
    await fillValid(page, form, name);
    await submit(form);
    await visible(form.getByText('Failed. Please submit later.', { exact: true }), 'failure title');
    expect(calls).toBe(1);

    await form.getByRole('button', { name: tx('en', 'landing.form.failure.back') }).click();
    await visible(field(form, 'name'));
    expect(await field(form, 'name').inputValue()).toBe(name);
  });
});
