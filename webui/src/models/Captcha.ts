import { makeAutoObservable, runInAction } from 'mobx';
import type { RequestClient } from '../api/client';

/** What a captcha is asked for: a code for sign-up or a password reset, or a login after failures. */
export type CaptchaAction = 'signup' | 'forget' | 'login';

/** Whom the captcha is for: its answer passes only with the same target and action. */
export interface CaptchaTarget {
  phoneOrEmail: string;
  action: CaptchaAction;
  type: 'phone' | 'email';
}

/** The fields a solved captcha adds to auth.getCode and auth.login. */
export interface CaptchaFields {
  captchaSign: string;
  captchaInput: string;
  timestamp: number;
}

interface CaptchaImage {
  base64: string;
  captchaSign: string;
  timestamp: number;
}

/**
 * One captcha challenge (auth.captcha, auth.captchaVerify). `isSolved` is the
 * captcha success flag: set by a right answer, reset by `reset()` once the
 * answer has been used or refused.
 */
export class Captcha {
  target: CaptchaTarget | null = null;
  image: CaptchaImage | null = null;
  input = '';
  isSolved = false;
  isLoading = false;
  isVerifying = false;

  constructor(private readonly client: RequestClient) {
    makeAutoObservable<Captcha, 'client'>(this, { client: false });
  }

  /** The answer to send with the call the captcha guards; null until solved. */
  get fields(): CaptchaFields | null {
    if (!this.isSolved || !this.image) return null;
    return { captchaSign: this.image.captchaSign, captchaInput: this.input.trim(), timestamp: this.image.timestamp };
  }

  setInput(value: string) {
    this.input = value;
  }

  /** Fetches a new picture for target, forgetting any earlier answer. */
  async load(target: CaptchaTarget = this.target ?? { phoneOrEmail: '', action: 'login', type: 'email' }) {
    this.target = target;
    this.input = '';
    this.isSolved = false;
    this.isLoading = true;
    const reply = await this.client.request<{ guaqi?: { utils?: { captcha?: CaptchaImage } } }>('auth.captcha', target);
    runInAction(() => {
      this.image = reply?.guaqi?.utils?.captcha ?? null;
      this.isLoading = false;
    });
  }

  /**
   * Checks the typed answer. A wrong answer voids the captcha on the server,
   * so the caller shows the error and a new picture is fetched.
   */
  async verify(): Promise<boolean> {
    if (!this.image || !this.target) return false;
    this.isVerifying = true;
    const result = await this.client.call<{ guaqi?: { utils?: { captchaVerify?: { success?: boolean } } } }>(
      'auth.captchaVerify',
      { ...this.target, captchaSign: this.image.captchaSign, captchaInput: this.input.trim(), timestamp: this.image.timestamp },
    );
    const success = result.ok && result.data.guaqi?.utils?.captchaVerify?.success === true;
    runInAction(() => {
      this.isVerifying = false;
      this.isSolved = success;
    });
    return success;
  }

  /** The answer was used (or refused): the next call needs a new captcha. */
  reset() {
    this.isSolved = false;
    this.input = '';
    this.image = null;
  }
}
