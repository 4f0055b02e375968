// @vitest-environment node
import { phoneOrEmail, validateAccount, validateLoginForm, validateNewPassword, type LoginFormValues } from './loginValidation';

const filled: LoginFormValues = { account: 'ann@example.com', password: 'secret-1', passwordConfirm: 'secret-1', code: '123456', agreed: true };

describe('login box validation (SPEC §5)', () => {
  it('asks for the phone or the email of the sign-in type', () => {
    expect(validateAccount('phone', ' ')).toEqual({ field: 'account', key: 'common.login.error.requiredPhone' });
    expect(validateAccount('email', '')).toEqual({ field: 'account', key: 'common.login.error.requiredEmail' });
    expect(validateAccount('email', 'a@b.c')).toBeNull();
  });

  it('reset password: a password, then a matching confirmation', () => {
    expect(validateNewPassword('', '')).toEqual({ field: 'password', key: 'common.login.error.requiredPassword' });
    expect(validateNewPassword('one', 'two')).toEqual({ field: 'passwordConfirm', key: 'common.login.error.passwordNotMatch' });
    expect(validateNewPassword('same', 'same')).toBeNull();
  });

  it.each([
    ['login', { account: '' }, 'common.login.error.requiredEmail'],
    ['login', { password: '' }, 'common.login.error.requiredPassword'],
    ['signup', { code: ' ' }, 'common.login.error.requiredCode'],
    ['signup', { password: '' }, 'common.login.error.requiredPassword'],
    ['signup', { agreed: false }, 'common.login.error.termsNotAgreed'],
    ['forget', { account: '' }, 'common.login.error.requiredEmail'],
    ['forget', { code: '' }, 'common.login.error.requiredCode'],
    ['repass', { password: '' }, 'common.login.error.requiredPassword'],
    ['repass', { passwordConfirm: 'other' }, 'common.login.error.passwordNotMatch'],
  ] as const)('%s refuses %o with %s', (action, change, key) => {
    expect(validateLoginForm(action, 'email', { ...filled, ...change })?.key).toBe(key);
  });

  it('lets complete forms through; login and forget need no terms', () => {
    for (const action of ['login', 'signup', 'forget', 'repass'] as const) {
      expect(validateLoginForm(action, 'email', filled)).toBeNull();
    }
    expect(validateLoginForm('login', 'email', { ...filled, agreed: false })).toBeNull();
  });

  it('sends phones with the dial code, emails trimmed', () => {
    expect(phoneOrEmail('phone', '138 0013-8000', '+86')).toBe('+8613800138000');
    expect(phoneOrEmail('phone', '0612345678', '+34')).toBe('+34612345678');
    expect(phoneOrEmail('phone', '+44 20 7946 0958', '+86')).toBe('+442079460958');
    expect(phoneOrEmail('email', '  ann@example.com ', '+86')).toBe('ann@example.com');
  });
});
