import { browser } from '../platform/browser';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import { MORE_INFORMATION_KEY, SOCIAL_REDIRECT_KEY } from './AuthStore';
import { CODE_RESEND_SECONDS } from './LoginBoxStore';

const captchaReply = (sign: string) => json({ guaqi: { utils: { captcha: { base64: 'data:image/png;base64,AA', captchaSign: sign, timestamp: 1 } } } });
const user = { id: '9', databaseId: '9', name: 'New member', gqSlug: 'new' };
const error = (message: string, code = 'common.error.test') =>
  json({ statusCode: 400, messages: [message], codes: [code] }, 400);

/** A root whose settings offer phone then email, like the demo site. */
function rootWithSettings(lang: 'en' | 'zh-hans' = 'en') {
  const root = createTestRoot(lang);
  root.settings.settings = { login_box: { login_type: ['phone', 'email'], social: ['wechat', 'github', 'google', 'apple'] } };
  return root;
}

/** A server whose captcha answer is "right"; records the actions. */
function authServer(overrides: Record<string, (data: Record<string, unknown>) => Response> = {}) {
  let captchas = 0;
  return mockFetch(
    apiResponder({
      'auth.captcha': () => captchaReply(`sign-${++captchas}`),
      'auth.captchaVerify': (data) =>
        data.captchaInput === 'right' ? json({ guaqi: { utils: { captchaVerify: { success: true } } } }) : error('Wrong captcha, please try again'),
      'auth.getCode': () => json({ guaqi: { utils: { getCode: { verificationSign: 'code-sign', expiresIn: 600, resendIn: 60 } } } }),
      'auth.pageData': () => json({ page: { kind: 'home' }, modules: [] }),
      ...overrides,
    }),
  );
}

const actions = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.body).map((c) => c.body?.action);
const lastData = (calls: ReturnType<typeof mockFetch>, action: string) =>
  calls.filter((c) => c.body?.action === action).at(-1)?.body?.data as Record<string, unknown>;

describe('LoginBoxStore: actions and sign-in type', () => {
  it('defaults to the first configured type; changing type clears the input', () => {
    const root = rootWithSettings();
    const box = root.loginBox;
    expect(box.types).toEqual(['phone', 'email']);
    expect(box.type).toBe('phone');
    box.setField('account', '13800138000');
    box.setType('email');
    expect(box.type).toBe('email');
    expect(box.account).toBe('');
    box.setField('account', 'a@b.c');
    box.setType('email');
    expect(box.account).toBe('a@b.c');
  });

  it('falls back to email when the settings name no type', () => {
    expect(createTestRoot().loginBox.types).toEqual(['email']);
  });

  it('the title toggles login and sign-up; forget goes back to login', () => {
    const box = rootWithSettings().loginBox;
    box.open();
    expect(box.isOpen).toBe(true);
    box.toggleTitle();
    expect(box.action).toBe('signup');
    box.toggleTitle();
    expect(box.action).toBe('login');
    box.setAction('forget');
    box.toggleTitle();
    expect(box.action).toBe('login');
  });

  it('sends the phone with the dial code of the picked region', () => {
    const root = rootWithSettings('zh-hans');
    root.loginBox.setField('account', '138 0013 8000');
    expect(root.loginBox.phoneOrEmail).toBe('+8613800138000');
    root.dialCodes.byLang.set('zh-hans', [{ code: 'GB', dialCode: '+44', name: '英国' }]);
    root.loginBox.setRegion('GB');
    root.loginBox.setField('account', '07946 095800');
    expect(root.loginBox.phoneOrEmail).toBe('+447946095800');
  });
});

describe('LoginBoxStore: get code', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('needs the phone or email first', () => {
    const calls = authServer();
    const root = rootWithSettings();
    root.loginBox.requestCode();
    expect(root.loginBox.invalidField).toBe('account');
    expect(root.toasts.toasts[0]).toMatchObject({ type: 'error', message: 'Please enter your phone number' });
    root.loginBox.setType('email');
    root.loginBox.requestCode();
    expect(root.toasts.toasts[1].message).toBe('Please enter your email');
    expect(calls).toHaveLength(0);
  });

  it('shows the captcha; a wrong answer shows the error and a new captcha; a right one sends the code and counts 60 s', async () => {
    const calls = authServer();
    const root = rootWithSettings();
    const box = root.loginBox;
    box.setAction('signup');
    box.setType('email');
    box.setField('account', 'ann@example.com');
    box.requestCode();
    expect(box.captchaPurpose).toBe('code');
    await vi.waitFor(() => expect(box.captcha.image?.captchaSign).toBe('sign-1'));
    expect(lastData(calls, 'auth.captcha')).toEqual({ phoneOrEmail: 'ann@example.com', action: 'signup', type: 'email' });

    box.captcha.setInput('wrong');
    await box.submitCaptcha();
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'error', message: 'Wrong captcha, please try again' });
    expect(box.captcha.image?.captchaSign).toBe('sign-2');
    expect(box.captchaPurpose).toBe('code');

    box.captcha.setInput('right');
    await box.submitCaptcha();
    expect(box.captchaPurpose).toBeNull();
    expect(lastData(calls, 'auth.getCode')).toMatchObject({
      captchaSign: 'sign-2',
      captchaInput: 'right',
      timestamp: 1,
      phoneOrEmail: 'ann@example.com',
      action: 'signup',
      lang: 'en',
    });
    expect(box.verificationSign).toBe('code-sign');
    expect(box.countdown.remaining).toBe(CODE_RESEND_SECONDS);
    vi.advanceTimersByTime(1000);
    expect(box.countdown.remaining).toBe(59);

    box.requestCode();
    expect(actions(calls).filter((a) => a === 'auth.captcha')).toHaveLength(2);
    box.countdown.stop();
  });

  it('a failed get-code resets the captcha success flag', async () => {
    const calls = authServer({ 'auth.getCode': () => error('Please wait 42 s before asking for another code') });
    const root = rootWithSettings();
    const box = root.loginBox;
    box.setAction('forget');
    box.setType('email');
    box.setField('account', 'ann@example.com');
    box.requestCode();
    await vi.waitFor(() => expect(box.captcha.image).not.toBeNull());
    box.captcha.setInput('right');
    await box.submitCaptcha();
    expect(lastData(calls, 'auth.getCode')).toMatchObject({ action: 'forget' });
    expect(box.captcha.isSolved).toBe(false);
    expect(box.countdown.isRunning).toBe(false);
    expect(root.toasts.toasts.at(-1)?.message).toBe('Please wait 42 s before asking for another code');
    box.requestCode();
    expect(box.captchaPurpose).toBe('code');
  });
});

describe('LoginBoxStore: forms', () => {
  it('login: signs in, closes the box and reloads the page data', async () => {
    const calls = authServer({ 'auth.login': () => json({ login: { user } }) });
    const root = rootWithSettings();
    const box = root.loginBox;
    root.pages.byPath.set('/', { status: 'loading' });
    box.open();
    box.setType('email');
    box.setField('account', 'ann@example.com');
    box.setField('password', 'secret-1');
    await box.submit();
    expect(lastData(calls, 'auth.login')).toEqual({ editStatus: false, provider: 'PASSWORD', username: 'ann@example.com', password: 'secret-1' });
    expect(root.auth.viewer?.name).toBe('New member');
    expect(box.isOpen).toBe(false);
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Logged in' });
    expect(actions(calls)).toContain('auth.pageData');
  });

  it('login: after three failures the next login solves a captcha first', async () => {
    let failures = 0;
    const calls = authServer({
      'auth.login': (data) => {
        if (data.password === 'right' && data.captchaSign) return json({ login: { user } });
        failures += 1;
        return error('Wrong account or password');
      },
    });
    const root = rootWithSettings();
    const box = root.loginBox;
    box.setType('email');
    box.setField('account', 'ann@example.com');
    for (let i = 0; i < 3; i++) {
      box.setField('password', `wrong-${i}`);
      await box.submit();
    }
    expect(failures).toBe(3);
    expect(box.loginNeedsCaptcha).toBe(true);
    box.setField('password', 'right');
    await box.submit();
    expect(box.captchaPurpose).toBe('login');
    await vi.waitFor(() => expect(box.captcha.image).not.toBeNull());
    expect(lastData(calls, 'auth.captcha')).toMatchObject({ action: 'login', phoneOrEmail: 'ann@example.com' });
    box.captcha.setInput('right');
    await box.submitCaptcha();
    expect(lastData(calls, 'auth.login')).toMatchObject({ password: 'right', captchaSign: 'sign-1', captchaInput: 'right' });
    expect(root.auth.isLoggedIn).toBe(true);
  });

  it('login: the server asking for a captcha opens it without an error toast', async () => {
    authServer({ 'auth.login': () => error('Please solve the captcha first', 'common.login.captcha.required') });
    const root = rootWithSettings();
    root.loginBox.setType('email');
    root.loginBox.setField('account', 'ann@example.com');
    root.loginBox.setField('password', 'x');
    await root.loginBox.submit();
    expect(root.loginBox.captchaPurpose).toBe('login');
    expect(root.toasts.toasts).toHaveLength(0);
  });

  it('sign-up: needs the terms and a code; success opens the more-information dialog', async () => {
    const calls = authServer({ 'auth.register': () => json({ registerUser: { user } }) });
    localStorage.setItem('ref', 'friend');
    const root = rootWithSettings();
    const box = root.loginBox;
    box.setAction('signup');
    box.setType('email');
    box.setField('account', 'ann@example.com');
    box.setField('code', '123456');
    box.setField('password', 'secret-1');
    await box.submit();
    expect(box.invalidField).toBe('agreed');
    expect(root.toasts.toasts.at(-1)?.message).toBe('Please agree to the terms and the privacy policy');
    box.setAgreed(true);
    await box.submit();
    expect(box.invalidField).toBe('code');
    expect(root.toasts.toasts.at(-1)?.message).toBe('Please get a verification code first');
    expect(actions(calls)).not.toContain('auth.register');

    box.verificationSign = 'code-sign';
    await box.submit();
    expect(lastData(calls, 'auth.register')).toMatchObject({
      phoneOrEmail: 'ann@example.com',
      type: 'email',
      password: 'secret-1',
      agreement: true,
      verificationInput: '123456',
      verificationSign: 'code-sign',
      action: 'signup',
      inviteCode: 'friend',
    });
    expect(root.auth.isLoggedIn).toBe(true);
    expect(root.auth.showMoreInformation).toBe(true);
    expect(localStorage.getItem(MORE_INFORMATION_KEY)).toBe('1');
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Account created' });
  });

  it('forget goes to repass once the code is verified; repass success returns to login with a notice', async () => {
    const calls = authServer({
      'auth.verifyCode': () => json({ verifyCode: { success: true, verificationSign: 'checked-sign' } }),
      'auth.resetPassword': () => json({ resetPassword: { success: true } }),
    });
    const root = rootWithSettings();
    const box = root.loginBox;
    box.setAction('forget');
    box.setType('email');
    box.setField('account', 'ann@example.com');
    box.verificationSign = 'code-sign';
    box.setField('code', '654321');
    await box.submit();
    expect(lastData(calls, 'auth.verifyCode')).toMatchObject({
      phoneOrEmail: 'ann@example.com',
      verificationInput: '654321',
      verificationSign: 'code-sign',
      action: 'forget',
    });
    expect(box.action).toBe('repass');
    expect(box.verificationSign).toBe('checked-sign');

    box.setField('password', 'new-secret');
    box.setField('passwordConfirm', 'other');
    await box.submit();
    expect(root.toasts.toasts.at(-1)?.message).toBe('The passwords do not match');
    box.setField('password', '');
    await box.submit();
    expect(root.toasts.toasts.at(-1)?.message).toBe('Please enter a password');
    expect(actions(calls)).not.toContain('auth.resetPassword');

    box.setField('password', 'new-secret');
    box.setField('passwordConfirm', 'new-secret');
    await box.submit();
    expect(lastData(calls, 'auth.resetPassword')).toMatchObject({
      phoneOrEmail: 'ann@example.com',
      password: 'new-secret',
      passwordConfirm: 'new-secret',
      verificationSign: 'checked-sign',
    });
    expect(box.action).toBe('login');
    expect(box.notice).toBe('common.login.resetPasswordSuccess');
    expect(box.account).toBe('ann@example.com');
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Password reset, please log in' });
  });

  it('stays on forget when the code is wrong', async () => {
    authServer({ 'auth.verifyCode': () => error('Wrong code, 4 tries left') });
    const root = rootWithSettings();
    const box = root.loginBox;
    box.setAction('forget');
    box.setType('email');
    box.setField('account', 'ann@example.com');
    box.verificationSign = 'code-sign';
    box.setField('code', '000000');
    await box.submit();
    expect(box.action).toBe('forget');
    expect(root.toasts.toasts.at(-1)?.message).toBe('Wrong code, 4 tries left');
  });
});

describe('LoginBoxStore: social login', () => {
  it('remembers the current path and goes to the provider', async () => {
    const calls = authServer({
      'utils.socialLogin': () =>
        json({ guaqi: { utils: { socialLogin: { name: 'github', clientId: 'id', state: 's', authorizationUrl: 'https://github.com/login/oauth/authorize?x' } } } }),
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    vi.spyOn(browser, 'currentPath').mockReturnValue('/en/community?tab=new');
    const root = rootWithSettings();
    await root.loginBox.social.start('github');
    expect(lastData(calls, 'utils.socialLogin')).toEqual({ provider: 'GITHUB', redirect: '/en/community?tab=new' });
    expect(sessionStorage.getItem(SOCIAL_REDIRECT_KEY)).toBe('/en/community?tab=new');
    expect(assign).toHaveBeenCalledWith('https://github.com/login/oauth/authorize?x');
  });

  it('WeChat shows the scan widget; without it the provider page is used', async () => {
    authServer({
      'utils.socialLogin': () =>
        json({ guaqi: { utils: { socialLogin: { name: 'wechat', clientId: 'wx', state: 's', authorizationUrl: 'https://open.weixin.qq.com/x' } } } }),
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const root = rootWithSettings();
    await root.loginBox.social.start('wechat');
    expect(root.loginBox.social.wechat?.clientId).toBe('wx');
    expect(assign).not.toHaveBeenCalled();
    root.loginBox.social.wechatFallback();
    expect(assign).toHaveBeenCalledWith('https://open.weixin.qq.com/x');
    expect(root.loginBox.social.wechat).toBeNull();
  });
});
