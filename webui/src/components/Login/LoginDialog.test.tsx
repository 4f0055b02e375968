import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import { LoginDialog } from './LoginDialog';
import { MoreInformationDialog } from './MoreInformationDialog';

function setup(social = ['wechat', 'github', 'google']) {
  const root = createTestRoot('en');
  root.settings.settings = {
    login_box: {
      login_type: ['phone', 'email'],
      social,
      carousel: [],
      user_agreement_url: '/docs/user-agreement',
      privacy_policy_url: '/docs/privacy-policy',
    },
  };
  const calls = mockFetch(
    apiResponder({
      'auth.captcha': () => json({ guaqi: { utils: { captcha: { base64: 'data:image/png;base64,AA', captchaSign: 's', timestamp: 1 } } } }),
      'auth.captchaVerify': () => json({ guaqi: { utils: { captchaVerify: { success: true } } } }),
      'auth.getCode': () => json({ guaqi: { utils: { getCode: { verificationSign: 'v', expiresIn: 600, resendIn: 60 } } } }),
      'updateUser': (data) => json({ updateUser: { user: { id: '1', databaseId: '1', name: data.name, profile: {} } } }),
    }),
  );
  return { root, calls };
}

const form = () => document.querySelector('form[data-action]') as HTMLFormElement;

describe('LoginDialog', () => {
  beforeEach(stubResizeObserver);

  it('the title toggles login and sign-up; forget has its own form and a way back', async () => {
    const { root } = setup();
    const user = userEvent.setup();
    root.loginBox.open();
    renderWithStores(<LoginDialog />, root);
    const dialog = await screen.findByRole('dialog');
    expect(form().dataset.action).toBe('login');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(form().dataset.action).toBe('signup');
    expect(within(dialog).getByRole('link', { name: 'user agreement' })).toHaveAttribute('href', '/en/docs/user-agreement');
    expect(within(dialog).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/docs/privacy-policy');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(form().dataset.action).toBe('login');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(form().dataset.action).toBe('forget');
    expect(within(dialog).getByText('Reset password')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to log in' }));
    expect(form().dataset.action).toBe('login');
  });

  it('starts with the first configured type; changing it clears the input', async () => {
    const { root } = setup();
    const user = userEvent.setup();
    root.loginBox.open();
    renderWithStores(<LoginDialog />, root);
    await user.type(await screen.findByPlaceholderText('Phone number'), '13800138000');
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(screen.getByPlaceholderText('Email address')).toHaveValue('');
    expect(screen.queryByPlaceholderText('Phone number')).toBeNull();
  });

  it('marks the refused field and shows the message', async () => {
    const { root } = setup();
    const user = userEvent.setup();
    root.loginBox.open();
    renderWithStores(<LoginDialog />, root);
    await screen.findByRole('dialog');
    await user.click(form().querySelector('button[type=submit]')!);
    expect(screen.getByPlaceholderText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(root.toasts.toasts.at(-1)?.message).toBe('Please enter your phone number');
  });

  it('get code: captcha, then a 60-second countdown showing the seconds left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { root, calls } = setup();
      root.loginBox.open('signup');
      renderWithStores(<LoginDialog />, root);
      fireEvent.click(await screen.findByRole('radio', { name: 'Email' }));
      fireEvent.change(screen.getByPlaceholderText('Email address'), { target: { value: 'ann@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
      const captcha = await screen.findByRole('dialog', { name: 'Security check' });
      await within(captcha).findByRole('img', { name: 'Captcha picture' });
      fireEvent.change(within(captcha).getByPlaceholderText('Type the characters in the picture'), { target: { value: 'ab12' } });
      fireEvent.click(within(captcha).getByRole('button', { name: 'Verify' }));
      const button = await screen.findByRole('button', { name: 'Resend in 60 s' });
      expect(button).toBeDisabled();
      expect(calls.filter((c) => c.body).map((c) => c.body?.action)).toEqual(['auth.captcha', 'auth.captchaVerify', 'auth.getCode']);
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('button', { name: 'Resend in 59 s' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(59_000));
      expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows three social buttons, then the others in a menu', async () => {
    const { root } = setup(['wechat', 'github', 'google', 'apple']);
    const user = userEvent.setup();
    root.loginBox.open();
    renderWithStores(<LoginDialog />, root);
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Continue with WeChat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /apple/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More ways to log in' }));
    expect(await screen.findByRole('menuitem', { name: 'apple' })).toBeInTheDocument();
  });
});

describe('MoreInformationDialog', () => {
  it('cannot be closed by escape or a close icon; saving closes it', async () => {
    const { root, calls } = setup();
    const user = userEvent.setup();
    root.auth.setViewer({ id: '1', databaseId: '1', name: 'new-member', gqRoles: { showClose: false } });
    root.auth.requestMoreInformation();
    renderWithStores(<MoreInformationDialog />, root);
    const dialog = await screen.findByRole('dialog', { name: 'Tell us about yourself' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Tell us about yourself' })).toBeInTheDocument();

    const name = within(dialog).getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Ann');
    await user.click(within(dialog).getByText('Female'));
    await user.type(within(dialog).getByLabelText('Location'), 'Lisbon');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.at(-1)?.body).toMatchObject({ action: 'updateUser', data: { name: 'Ann', gender: 'female', location: 'Lisbon' } });
    expect(root.toasts.toasts.at(-1)?.message).toBe('Your profile has been saved');
    expect(localStorage.getItem('moreInfomation')).toBeNull();
  });
});
