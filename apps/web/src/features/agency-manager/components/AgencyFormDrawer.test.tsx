import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMAGE_BYTES } from '@portal/contract/roles';
import { api, ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import i18n from '../../../lib/i18n';
import { renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, detailOf } from '../test/fixtures';
import { AgencyFormDrawer } from './AgencyFormDrawer';

vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule()));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

function renderDrawer(target: Parameters<typeof AgencyFormDrawer>[0]['target'] = 'create') {
  const onClose = vi.fn();
  renderWithClient(<AgencyFormDrawer target={target} onClose={onClose} />);
  return { onClose, drawer: screen.getByRole('dialog') };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillValid(user: User, drawer: HTMLElement) {
  const d = within(drawer);
  await user.type(d.getByLabelText('Agency name'), 'Harbour Trips');
  await user.type(d.getByLabelText('Contact person'), 'Mei Chan');
  await user.type(d.getByLabelText('Contact phone'), '+852 9876 5432');
  await user.type(d.getByLabelText('Contact email'), 'mei@harbour.example');
  await user.type(d.getByLabelText('Username'), 'harbour.admin');
  await user.type(d.getByLabelText('Password'), 'secret12');
  await user.type(d.getByLabelText('Confirm password'), 'secret12');
}

const submit = (user: User, drawer: HTMLElement) => user.click(within(drawer).getByRole('button', { name: 'Create agency' }));

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.post).mockReset();
  vi.mocked(api.put).mockReset();
  vi.mocked(api.upload).mockReset();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

const fileInput = (drawer: HTMLElement) => drawer.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (drawer: HTMLElement, file: File) => fireEvent.change(fileInput(drawer), { target: { files: [file] } });

describe('AgencyFormDrawer', { timeout: 30_000 }, () => {
  it('refuses what the contract refuses, with its messages, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { drawer } = renderDrawer();
    await fillValid(user, drawer);
    const d = within(drawer);
    await user.clear(d.getByLabelText('Contact email'));
    await user.type(d.getByLabelText('Contact email'), 'not-an-email');
    await user.clear(d.getByLabelText('Contact phone'));
    await user.type(d.getByLabelText('Contact phone'), 'call me');
    await user.clear(d.getByLabelText('Username'));
    await user.type(d.getByLabelText('Username'), '1bad');
    await user.clear(d.getByLabelText('Password'));
    await user.type(d.getByLabelText('Password'), '12345');
    await submit(user, drawer);
    expect(await d.findByText(i18n.t('validation.email.format'))).toBeTruthy();
    expect(await d.findByText(i18n.t('validation.phone.format'))).toBeTruthy();
    expect(await d.findByText(i18n.t('validation.username.format'))).toBeTruthy();
    expect(await d.findByText('Password must be 6 to 15 characters')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  // Issue 14: an empty contact email said "required" and "The email format is incorrect." together (and the name
  // "required" twice); each field now gives its first applicable message only.
  it('gives one message per field: "required" for the blank ones, the format error once something is typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { drawer } = renderDrawer();
    const d = within(drawer);
    const errorsOf = (label: string) =>
      [...(d.getByLabelText(label).closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((e) => e.textContent);
    await submit(user, drawer);
    // antd puts each field's error in on its own render: wait for all of them, not only the first one seen.
    await waitFor(() => {
      for (const label of ['Agency name', 'Contact person', 'Contact phone', 'Contact email', 'Username', 'Password']) {
        expect(errorsOf(label), label).toEqual(['This field is required']);
      }
    });
    expect(d.queryByText(i18n.t('validation.email.format'))).toBeNull();
    expect(d.queryByText(i18n.t('validation.phone.format'))).toBeNull();
    expect(d.queryByText(i18n.t('validation.username.format'))).toBeNull();

    await user.type(d.getByLabelText('Contact email'), 'not-an-email');
    await submit(user, drawer);
    await waitFor(() => expect(errorsOf('Contact email')).toEqual([i18n.t('validation.email.format')]));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('requires the name and a matching password confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { drawer } = renderDrawer();
    await fillValid(user, drawer);
    const d = within(drawer);
    await user.clear(d.getByLabelText('Agency name'));
    await user.clear(d.getByLabelText('Confirm password'));
    await user.type(d.getByLabelText('Confirm password'), 'secret13');
    await submit(user, drawer);
    expect(await d.findByText('The two passwords do not match')).toBeTruthy();
    expect(d.getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends the contract body, with the first super user, and closes', async () => {
    vi.mocked(api.post).mockResolvedValue({ ...detailOf(blueSky), name: 'Harbour Trips', code: 'A00009' });
    const user = userEvent.setup({ delay: null });
    const { drawer, onClose } = renderDrawer();
    await fillValid(user, drawer);
    await submit(user, drawer);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/base/v2/agencies', {
      name: 'Harbour Trips',
      alias: null,
      address: null,
      contactName: 'Mei Chan',
      contactEmail: 'mei@harbour.example',
      contactPhone: '+852 9876 5432',
      customerService: null,
      allowedHosts: [],
      extraInfo: null,
      settlementCurrency: 'CNY',
      enableFlightService: true,
      enableTrainService: true,
      superUser: { username: 'harbour.admin', password: 'secret12' },
    });
  });

  it('puts server field errors on nested fields and keeps the drawer open', async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError('Validation failed', 100400, 400, { 'superUser.username': 'This username is already taken', 'allowedHosts.0': 'Bad host' }),
    );
    const user = userEvent.setup({ delay: null });
    const { drawer, onClose } = renderDrawer();
    await fillValid(user, drawer);
    await submit(user, drawer);
    expect(await within(drawer).findByText('This username is already taken')).toBeTruthy();
    expect(within(drawer).getByText('Bad host')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an agency with PUT, status included, without super user fields', async () => {
    vi.mocked(api.put).mockResolvedValue(detailOf(blueSky));
    const user = userEvent.setup({ delay: null });
    const { drawer, onClose } = renderDrawer(blueSky);
    const d = within(drawer);
    expect(d.queryByLabelText('Username')).toBeNull();
    await user.clear(d.getByLabelText('Alias'));
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith('/base/v2/agencies/a1', {
      name: 'Blue Sky Travel',
      alias: null,
      address: null,
      contactName: 'Ada Lee',
      contactEmail: 'ada@bluesky.example',
      contactPhone: '+852 1234 5678',
      customerService: null,
      allowedHosts: ['203.0.113.10'],
      extraInfo: null,
      status: 'active',
    });
  });

  it('has no logo upload when creating', () => {
    const { drawer } = renderDrawer();
    expect(fileInput(drawer)).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Upload logo/ })).toBeNull();
  });

  it('uploads the logo of the agency being edited and shows it', async () => {
    vi.mocked(api.upload).mockResolvedValue({ ...detailOf(blueSky), logo: '/base/v2/files/logo1' });
    const { drawer, onClose } = renderDrawer(blueSky);
    const d = within(drawer);
    expect(d.getByRole('button', { name: /Upload logo/ })).toBeTruthy();
    expect(fileInput(drawer).accept).toContain('image/webp');
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    pick(drawer, file);
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith('/base/v2/agencies/a1/logo', file, 'file'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Logo of Blue Sky Travel updated'));
    expect(await d.findByRole('button', { name: /Change logo/ })).toBeTruthy();
    expect(d.getByAltText('Logo of Blue Sky Travel').getAttribute('src')).toBe('/base/v2/files/logo1');
    // The logo is saved on its own route: the form is neither sent nor closed.
    expect(api.put).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the current logo of the agency', () => {
    const { drawer } = renderDrawer({ ...blueSky, logo: '/base/v2/files/old' });
    expect(within(drawer).getByAltText('Logo of Blue Sky Travel').getAttribute('src')).toBe('/base/v2/files/old');
    expect(within(drawer).getByRole('button', { name: /Change logo/ })).toBeTruthy();
  });

  it('refuses a logo of 2 MB or more without calling the server', async () => {
    const { drawer } = renderDrawer(blueSky);
    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES });
    pick(drawer, big);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The image must be smaller than 2 MB'));
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PNG, JPEG, GIF or WebP image without calling the server', async () => {
    const { drawer } = renderDrawer(blueSky);
    pick(drawer, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Choose a JPG, PNG, GIF or WebP image'));
    pick(drawer, new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(api.upload).not.toHaveBeenCalled();
  });

  it("reports the server's refusal and keeps the placeholder", async () => {
    vi.mocked(api.upload).mockRejectedValue(new ApiError('Only PNG, JPEG, GIF or WebP images are accepted', 100415, 415));
    const { drawer } = renderDrawer(blueSky);
    pick(drawer, new File(['x'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only PNG, JPEG, GIF or WebP images are accepted'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(within(drawer).getByRole('button', { name: /Upload logo/ })).toBeTruthy();
  });
});
