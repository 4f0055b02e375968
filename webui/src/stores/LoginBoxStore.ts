import { makeAutoObservable, runInAction } from 'mobx';
import { Captcha, type CaptchaFields } from '../models/Captcha';
import { Countdown } from '../models/Countdown';
import type { ViewerData } from '../models/Viewer';
import { referralCode } from '../platform/visitor';
import {
  phoneOrEmail,
  validateAccount,
  validateLoginForm,
  type LoginAction,
  type LoginField,
  type LoginFormError,
  type SignInType,
} from '../utils/loginValidation';
import { DEFAULT_REGION } from './DialCodesStore';
import type { RootStore } from './RootStore';
import { SocialLogin } from './SocialLogin';
import { registerStore } from './lazyStores';

/** Seconds the get-code button waits before another code may be asked for (SPEC §9). */
export const CODE_RESEND_SECONDS = 60;
/** After this many failed logins the server wants a captcha with the next one. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;

/** Dial codes of the default regions, for before the list is loaded. */
const FALLBACK_DIAL_CODES: Record<string, string> = { CN: '+86', US: '+1', ES: '+34' };

/** What the captcha dialog is solving for. */
export type CaptchaPurpose = 'code' | 'login';

type FormText = 'account' | 'password' | 'passwordConfirm' | 'code';

/**
 * The login box (SPEC §4): its four actions and their forms, the sign-in
 * type, the captcha that guards get-code and repeated logins, the resend
 * countdown; and its social logins.
 */
export class LoginBoxStore {
  action: LoginAction = 'login';
  account = '';
  password = '';
  passwordConfirm = '';
  code = '';
  agreed = false;
  /** The sign of the code sent (auth.getCode), then of the checked code (auth.verifyCode). */
  verificationSign = '';
  /** The field the last check refused, marked in the form. */
  invalidField: LoginField | null = null;
  /** A message key shown at the top of the box (after a password reset). */
  notice: string | null = null;
  isSubmitting = false;
  isSendingCode = false;
  /** Set by the page builder's login box. */
  editStatus = false;
  /** The captcha dialog is open for this purpose. */
  captchaPurpose: CaptchaPurpose | null = null;
  loginFailures = 0;
  /** The server asked for a captcha with the next login. */
  loginNeedsCaptcha = false;
  readonly countdown = new Countdown();
  readonly captcha: Captcha;
  readonly social: SocialLogin;

  /** The sign-in type and dial-code region chosen; null follows the defaults. */
  pickedType: SignInType | null = null;
  pickedRegion: string | null = null;

  constructor(readonly root: RootStore) {
    this.captcha = new Captcha(root.client);
    this.social = new SocialLogin(root);
    makeAutoObservable(this, { root: false, countdown: false, captcha: false, social: false });
  }

  get isOpen() {
    return this.root.ui.isOpen('login');
  }

  /** The sign-in types the settings offer, the first being the default. */
  get types(): SignInType[] {
    const listed = (this.root.settings.settings?.login_box?.login_type ?? []).filter(
      (type): type is SignInType => type === 'phone' || type === 'email',
    );
    return listed.length > 0 ? [...new Set(listed)] : ['email'];
  }

  get type(): SignInType {
    return this.pickedType && this.types.includes(this.pickedType) ? this.pickedType : this.types[0];
  }

  /** The region of the dial-code picker. */
  get region(): string {
    return this.pickedRegion ?? DEFAULT_REGION[this.root.locale.lang];
  }

  get dialCode(): string {
    return this.root.dialCodes.find(this.region)?.dialCode ?? FALLBACK_DIAL_CODES[this.region] ?? '+86';
  }

  /** The phone (with its dial code) or the email, as the server takes it. */
  get phoneOrEmail(): string {
    return phoneOrEmail(this.type, this.account, this.dialCode);
  }

  /** The action a code is asked for: sign-up, or the forgotten password. */
  get codeAction(): 'signup' | 'forget' {
    return this.action === 'signup' ? 'signup' : 'forget';
  }

  open(action: LoginAction = 'login') {
    this.setAction(action);
    this.root.ui.open('login');
  }

  close() {
    this.root.ui.close('login');
    this.captchaPurpose = null;
    this.social.cancelWechat();
  }

  setOpen(open: boolean) {
    if (open) this.open(this.action);
    else this.close();
  }

  /** The title toggles login and sign-up; from the password reset it goes back to login. */
  toggleTitle() {
    this.setAction(this.action === 'login' ? 'signup' : 'login');
  }

  setAction(action: LoginAction) {
    const keepsCode = this.action === 'forget' && action === 'repass';
    this.action = action;
    this.password = '';
    this.passwordConfirm = '';
    this.invalidField = null;
    this.notice = null;
    if (!keepsCode) {
      this.code = '';
      this.verificationSign = '';
    }
  }

  /** Changing the sign-in type clears the input (and what was verified for it). */
  setType(type: SignInType) {
    if (type === this.type) return;
    this.pickedType = type;
    this.account = '';
    this.code = '';
    this.verificationSign = '';
    this.invalidField = null;
    this.captcha.reset();
  }

  setRegion(region: string) {
    this.pickedRegion = region;
  }

  setField(field: FormText, value: string) {
    this[field] = value;
    if (this.invalidField === field) this.invalidField = null;
  }

  setAgreed(agreed: boolean) {
    this.agreed = agreed;
    if (agreed && this.invalidField === 'agreed') this.invalidField = null;
  }

  setEditStatus(editStatus: boolean) {
    this.editStatus = editStatus;
  }

  /** Get code: needs the phone or email, then a solved captcha; then the code is sent. */
  requestCode() {
    if (this.countdown.isRunning || this.isSendingCode) return;
    const error = validateAccount(this.type, this.account);
    if (error) return this.fail(error);
    if (this.captchaFieldsFor(this.codeAction)) return this.sendCode();
    this.openCaptcha('code');
  }

  openCaptcha(purpose: CaptchaPurpose) {
    this.captchaPurpose = purpose;
    void this.captcha.load({
      phoneOrEmail: this.phoneOrEmail,
      action: purpose === 'code' ? this.codeAction : 'login',
      type: this.type,
    });
  }

  closeCaptcha() {
    this.captchaPurpose = null;
  }

  /** Checks the captcha answer; a wrong one shows the error and brings a new picture. */
  async submitCaptcha() {
    const purpose = this.captchaPurpose;
    if (!purpose || this.captcha.isVerifying) return;
    if (this.captcha.input.trim() === '') {
      this.root.toasts.error(this.root.t('common.login.captcha.required'));
      return;
    }
    const solved = await this.captcha.verify();
    if (!solved) {
      this.root.toasts.error(this.root.t('common.login.captcha.error'));
      await this.captcha.load();
      return;
    }
    runInAction(() => {
      this.captchaPurpose = null;
    });
    if (purpose === 'code') await this.sendCode();
    else await this.submit();
  }

  /** auth.getCode with the solved captcha; then the resend countdown runs. */
  async sendCode() {
    const captcha = this.captchaFieldsFor(this.codeAction);
    if (!captcha) return this.openCaptcha('code');
    this.isSendingCode = true;
    const reply = await this.root.client.request<{ guaqi?: { utils?: { getCode?: { verificationSign?: string } } } }>(
      'auth.getCode',
      {
        ...captcha,
        phoneOrEmail: this.phoneOrEmail,
        lang: this.root.locale.lang,
        siteUrl: window.location.origin,
        action: this.codeAction,
        type: this.type,
      },
    );
    // The server uses the captcha up, and refuses it on failure: either way the next code needs a new one.
    this.captcha.reset();
    const sign = reply?.guaqi?.utils?.getCode?.verificationSign;
    runInAction(() => {
      this.isSendingCode = false;
      if (!sign) return;
      this.verificationSign = sign;
      this.countdown.start(CODE_RESEND_SECONDS);
    });
    if (sign) this.root.toasts.success(this.root.t('common.login.codeSent'));
  }

  /** Sends the form of the current action after the checks of SPEC §5. */
  async submit() {
    if (this.isSubmitting) return;
    const error = validateLoginForm(this.action, this.type, this);
    if (error) return this.fail(error);
    if ((this.action === 'signup' || this.action === 'forget') && !this.verificationSign) {
      return this.fail({ field: 'code', key: 'common.login.getCodeFirst' });
    }
    this.isSubmitting = true;
    try {
      switch (this.action) {
        case 'login':
          return await this.login();
        case 'signup':
          return await this.register();
        case 'forget':
          return await this.verifyCode();
        case 'repass':
          return await this.resetPassword();
        default:
          return this.action satisfies never;
      }
    } finally {
      runInAction(() => {
        this.isSubmitting = false;
      });
    }
  }

  private async login() {
    const captcha = this.captchaFieldsFor('login');
    if (this.loginNeedsCaptcha && !captcha) return this.openCaptcha('login');
    const result = await this.root.client.call<{ login?: { user?: ViewerData } }>('auth.login', {
      editStatus: this.editStatus,
      provider: 'PASSWORD',
      username: this.phoneOrEmail,
      password: this.password,
      ...captcha,
    });
    if (captcha) this.captcha.reset();
    if (result.ok && result.data.login?.user) {
      runInAction(() => {
        this.loginFailures = 0;
        this.loginNeedsCaptcha = false;
      });
      return this.succeed(result.data.login.user, 'common.login.loginSuccess');
    }
    const messages = result.ok ? [] : result.error.messages;
    if (!result.ok && result.error.codes?.includes('common.login.captcha.required')) {
      runInAction(() => {
        this.loginNeedsCaptcha = true;
      });
      return this.openCaptcha('login');
    }
    for (const message of messages) this.root.toasts.error(message);
    runInAction(() => {
      this.loginFailures += 1;
      if (this.loginFailures >= LOGIN_FAILURES_BEFORE_CAPTCHA) this.loginNeedsCaptcha = true;
    });
  }

  private async register() {
    const reply = await this.root.client.request<{ registerUser?: { user?: ViewerData } }>('auth.register', {
      editStatus: this.editStatus,
      phoneOrEmail: this.phoneOrEmail,
      type: this.type,
      password: this.password,
      agreement: this.agreed,
      verificationInput: this.code.trim(),
      verificationSign: this.verificationSign,
      action: 'signup',
      inviteCode: referralCode() ?? undefined,
    });
    const user = reply?.registerUser?.user;
    if (!user) return;
    this.root.auth.requestMoreInformation();
    this.succeed(user, 'common.login.registerSuccess');
  }

  /** Forget: the code is checked (auth.verifyCode), then the new password is asked for. */
  private async verifyCode() {
    const reply = await this.root.client.request<{ verifyCode?: { success?: boolean; verificationSign?: string } }>(
      'auth.verifyCode',
      {
        phoneOrEmail: this.phoneOrEmail,
        verificationInput: this.code.trim(),
        verificationSign: this.verificationSign,
        action: 'forget',
        type: this.type,
      },
    );
    const checked = reply?.verifyCode;
    if (!checked?.success) return;
    runInAction(() => {
      this.setAction('repass');
      if (checked.verificationSign) this.verificationSign = checked.verificationSign;
    });
  }

  private async resetPassword() {
    const reply = await this.root.client.request<{ resetPassword?: { success?: boolean } }>('auth.resetPassword', {
      phoneOrEmail: this.phoneOrEmail,
      type: this.type,
      password: this.password,
      passwordConfirm: this.passwordConfirm,
      verificationSign: this.verificationSign,
      action: 'repass',
    });
    if (!reply?.resetPassword?.success) return;
    runInAction(() => {
      this.setAction('login');
      this.notice = 'common.login.resetPasswordSuccess';
      this.countdown.stop();
    });
    this.root.toasts.success(this.root.t('common.login.resetPasswordSuccess'));
  }

  private succeed(user: ViewerData, messageKey: string) {
    this.root.auth.signedIn(user);
    this.root.toasts.success(this.root.t(messageKey));
    runInAction(() => {
      this.setAction('login');
      this.account = '';
      this.agreed = false;
      this.countdown.stop();
      this.close();
    });
  }

  private captchaFieldsFor(action: string): CaptchaFields | null {
    const target = this.captcha.target;
    if (!target || target.action !== action || target.phoneOrEmail !== this.phoneOrEmail) return null;
    return this.captcha.fields;
  }

  private fail(error: LoginFormError) {
    this.invalidField = error.field;
    this.root.toasts.error(this.root.t(error.key));
  }
}

registerStore('loginBox', (root) => new LoginBoxStore(root));
