import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSettings } from '../../api/adminSettings';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import Settings from './Settings';

const roles = () => ({ userCan: ['chat'], canBuilder: false, media: { image: { can: true, max: 5, size: 2 } } });

function settings(version = 7): AdminSettings {
  return {
    version,
    languages: [
      { code: 'zh-hans', name: 'zh-CN', locale: 'zh-CN', flagUrl: '', currency: 'CNY', position: 1 },
      { code: 'en', name: 'en-US', locale: 'en-US', flagUrl: '', currency: 'USD', position: 2 },
    ],
    currencies: [
      { code: 'CNY', symbolIso: 'RMB', symbol: '¥', names: { 'zh-hans': '人民币', en: 'Yuan', es: 'Yuan' }, decimals: 2 },
      { code: 'USD', symbolIso: 'USD', symbol: '$', names: { 'zh-hans': '美元', en: 'US dollar', es: 'Dólar' }, decimals: 2 },
    ],
    creditSymbol: '✦',
    levels: [{ key: 'lv1', icon: '', names: { en: 'Newcomer' }, rank: 1, minPoints: 0, roles: roles() }],
    vipTiers: [{ key: 'vip1', icon: '', names: { en: 'Silver' }, rank: 1, roles: roles(), prices: { USD: '4.99' }, durationDays: 30 }],
    loginBox: { loginType: ['phone', 'email'], social: ['github'], carousel: [], userAgreementUrl: '', privacyPolicyUrl: '' },
    report: { post: { en: ['Spam'] } },
    fileMimes: { image: { mime: ['image/png'], ext: ['png'] } },
    maxFileSize: 20,
    analytics: '',
    addressPicker: { countries: [] },
    notify: { push: {}, email: {}, emailDelayMinutes: 15, digest: true, digestHour: 8 },
  };
}

function saves(calls: FetchCall[]) {
  return calls.filter((call) => call.body?.action === 'admin.saveSettings').map((call) => call.body?.data as Record<string, unknown>);
}

function setup(save: (data: Record<string, unknown>) => Response, read: () => AdminSettings = () => settings()) {
  const calls = mockFetch(apiResponder({ 'admin.settings': () => json(read()), 'admin.saveSettings': save }));
  const root = createTestRoot('en');
  renderWithStores(<Settings />, root, '/en/admin/settings');
  return { root, calls };
}

describe('/admin/settings', () => {
  it('adds a currency with its names and saves the section with the version read', async () => {
    const user = userEvent.setup();
    const { root, calls } = setup(() => json({ version: 8 }));
    await user.click(await screen.findByTestId('settings-nav-currencies'));
    const panel = screen.getByTestId('settings-panel-currencies');
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Add a currency' }));
    const row = within(panel).getAllByTestId('settings-row')[2]!;
    await user.type(within(row).getByLabelText('ISO code'), 'gbp');
    await user.type(within(row).getByLabelText('Symbol'), '£');
    await user.type(within(row).getByLabelText('Name · English'), 'Pound sterling');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const [sent] = saves(calls);
    expect(sent).toMatchObject({ section: 'currencies', version: 7 });
    expect((sent!.value as { code: string }[]).map((c) => c.code)).toEqual(['CNY', 'USD', 'GBP']);
    expect((sent!.value as { names: Record<string, string> }[])[2]!.names).toEqual({ en: 'Pound sterling' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(root.toasts.at('top').map((toast) => toast.message)).toContain('Settings saved. Open pages show them now.');

    // The next save names the version the server answered.
    await user.clear(within(row).getByLabelText('Symbol'));
    await user.type(within(row).getByLabelText('Symbol'), 'GB£');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(saves(calls)[1]).toMatchObject({ version: 8 });
  });

  it('shows a refusal at the field the server named', async () => {
    const user = userEvent.setup();
    setup(() =>
      json({ statusCode: 400, messages: ['value[1].names.es: a name is needed in every offered language'], codes: ['admin.error.settings.nameRequired'], field: 'value[1].names.es' }, 400),
    );
    await user.click(await screen.findByTestId('settings-nav-currencies'));
    const panel = screen.getByTestId('settings-panel-currencies');
    const rows = within(panel).getAllByTestId('settings-row');
    await user.clear(within(rows[1]!).getByLabelText('Name · Español'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const field = within(rows[1]!).getByLabelText('Name · Español');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('a name is needed in every offered language');
    expect(within(panel).getByTestId('settings-error')).toHaveTextContent('a name is needed in every offered language (see the marked field below)');
    expect(field).toHaveFocus();
    expect(within(rows[0]!).getByLabelText('Name · Español')).not.toHaveAttribute('aria-invalid');
  });

  it('says a stale save was refused, and reloading keeps the edits of the other sections', async () => {
    const user = userEvent.setup();
    let version = 7;
    setup(
      () => json({ statusCode: 409, messages: ['stale'], codes: ['admin.error.stale'] }, 409),
      () => ({ ...settings(version), creditSymbol: version > 7 ? '★' : '✦' }),
    );
    await user.click(await screen.findByTestId('settings-nav-levels'));
    await user.clear(screen.getByLabelText('Points needed'));
    await user.type(screen.getByLabelText('Points needed'), '15');
    await user.click(screen.getByTestId('settings-nav-creditSymbol'));
    const panel = screen.getByTestId('settings-panel-creditSymbol');
    await user.clear(within(panel).getByLabelText('Symbol'));
    await user.type(within(panel).getByLabelText('Symbol'), 'C');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const alert = await within(panel).findByTestId('settings-error');
    expect(alert).toHaveTextContent('Someone saved the settings in the meantime');

    version = 8;
    await user.click(within(alert).getByRole('button', { name: 'Reload the settings' }));
    await waitFor(() => expect(within(panel).getByLabelText('Symbol')).toHaveValue('★'));
    expect(within(panel).queryByTestId('settings-error')).toBeNull();
    await user.click(screen.getByTestId('settings-nav-levels'));
    expect(screen.getByLabelText('Points needed')).toHaveValue('15');
  });

  it('orders the languages by their place in the list', async () => {
    const user = userEvent.setup();
    const { calls } = setup(() => json({ version: 8 }));
    const panel = await screen.findByTestId('settings-panel-languages');
    await user.click(within(panel).getByRole('button', { name: 'Offer Español' }));
    await user.click(within(panel).getByRole('button', { name: 'Move English up' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.value).toEqual([
      expect.objectContaining({ code: 'en', position: 1 }),
      expect.objectContaining({ code: 'zh-hans', position: 2 }),
      expect.objectContaining({ code: 'es', position: 3, currency: 'CNY' }),
    ]);
  });

  it('discards the edits of a section, and marks the sections with unsaved edits', async () => {
    const user = userEvent.setup();
    const { calls } = setup(() => json({ version: 8 }));
    await user.click(await screen.findByTestId('settings-nav-creditSymbol'));
    const panel = screen.getByTestId('settings-panel-creditSymbol');
    await user.type(within(panel).getByLabelText('Symbol'), '!');
    expect(within(screen.getByTestId('settings-nav-creditSymbol')).getByLabelText('Unsaved changes')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    expect(within(panel).getByLabelText('Symbol')).toHaveValue('✦');
    expect(within(screen.getByTestId('settings-nav-creditSymbol')).queryByLabelText('Unsaved changes')).toBeNull();
    expect(saves(calls)).toHaveLength(0);
  });

  it('saves the notify switches: push and email per kind, the email delay, the digest and its hour', async () => {
    const user = userEvent.setup();
    const { calls } = setup(() => json({ statusCode: 400, messages: ['value.emailDelayMinutes: 1 to 1440'], field: 'value.emailDelayMinutes' }, 400));
    await user.click(await screen.findByTestId('settings-nav-notify'));
    const panel = screen.getByTestId('settings-panel-notify');
    const likesPush = within(panel).getByLabelText('Likes: Push');
    expect(likesPush).toBeChecked();
    await user.click(likesPush);
    const delay = within(panel).getByLabelText('Email delay (minutes)');
    await user.clear(delay);
    await user.type(delay, '5000');
    await user.selectOptions(within(panel).getByLabelText('Summary hour'), '6');
    await user.click(within(panel).getByLabelText('Allow daily summaries'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const [sent] = saves(calls);
    expect(sent).toMatchObject({ section: 'notify', version: 7 });
    const value = sent!.value as { push: Record<string, boolean>; email: Record<string, boolean> };
    // Every kind is listed, so a kind never stored and one switched on compare equal.
    expect(value.push).toMatchObject({ likes: false, messages: true });
    expect(Object.keys(value.email)).toHaveLength(9);
    expect(value).toMatchObject({ emailDelayMinutes: 5000, digestHour: 6, digest: false });
    await waitFor(() => expect(delay).toHaveAttribute('aria-invalid', 'true'));
  });
});
