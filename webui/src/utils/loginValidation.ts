/** The login box's client-side checks (SPEC §5); each failure names its field and its message key. */

export type LoginAction = 'login' | 'signup' | 'forget' | 'repass';
export type SignInType = 'phone' | 'email';
export type LoginField = 'account' | 'password' | 'passwordConfirm' | 'code' | 'agreed';

export interface LoginFormValues {
  account: string;
  password: string;
  passwordConfirm: string;
  code: string;
  agreed: boolean;
}

export interface LoginFormError {
  field: LoginField;
  key: string;
}

/** Get code, and every form, needs the phone or the email of the sign-in type. */
export function validateAccount(type: SignInType, account: string): LoginFormError | null {
  if (account.trim() !== '') return null;
  return { field: 'account', key: type === 'phone' ? 'common.login.error.requiredPhone' : 'common.login.error.requiredEmail' };
}

/** Reset password: a password, and a confirmation that matches it. */
export function validateNewPassword(password: string, confirm: string): LoginFormError | null {
  if (password === '') return { field: 'password', key: 'common.login.error.requiredPassword' };
  if (password !== confirm) return { field: 'passwordConfirm', key: 'common.login.error.passwordNotMatch' };
  return null;
}

/** The first problem of the form of an action, or null when it may be sent. */
export function validateLoginForm(action: LoginAction, type: SignInType, values: LoginFormValues): LoginFormError | null {
  switch (action) {
    case 'login':
      return validateAccount(type, values.account) ?? requirePassword(values.password);
    case 'signup':
      return (
        validateAccount(type, values.account) ??
        requireCode(values.code) ??
        requirePassword(values.password) ??
        (values.agreed ? null : { field: 'agreed', key: 'common.login.error.termsNotAgreed' })
      );
    case 'forget':
      return validateAccount(type, values.account) ?? requireCode(values.code);
    case 'repass':
      return validateNewPassword(values.password, values.passwordConfirm);
    default:
      return action satisfies never;
  }
}

function requirePassword(password: string): LoginFormError | null {
  return password === '' ? { field: 'password', key: 'common.login.error.requiredPassword' } : null;
}

function requireCode(code: string): LoginFormError | null {
  return code.trim() === '' ? { field: 'code', key: 'common.login.error.requiredCode' } : null;
}

/**
 * The phone or email as the server takes it: an email trimmed, a phone as
 * the dial code followed by the number's digits (a number typed with its own
 * +prefix is kept as it is).
 */
export function phoneOrEmail(type: SignInType, account: string, dialCode: string): string {
  const value = account.trim();
  if (type === 'email' || value === '') return value;
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+')) return `+${digits}`;
  return `${dialCode}${digits.replace(/^0+/, '')}`;
}
