import { makeAutoObservable, runInAction } from 'mobx';
import { browser } from '../platform/browser';
import { writeStorage } from '../platform/storage';
import { SOCIAL_REDIRECT_KEY } from './AuthStore';
import type { RootStore } from './RootStore';

/** The reply of utils.socialLogin. */
export interface SocialLoginInfo {
  name: string;
  clientId: string;
  state: string;
  authorizationUrl: string;
  redirectUri?: string;
  scope?: string;
}

/**
 * The login box's social logins (utils.socialLogin): the providers of the
 * settings, the redirect to a provider, and WeChat's scan-code login.
 */
export class SocialLogin {
  /** The WeChat scan-code login in progress. */
  wechat: SocialLoginInfo | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get providers(): string[] {
    return this.root.settings.settings?.login_box?.social ?? [];
  }

  /**
   * Starts a social login: remember where we are, then go to the provider;
   * WeChat shows its scan-code widget instead (WechatScan loads it).
   */
  async start(provider: string) {
    const redirect = browser.currentPath();
    const reply = await this.root.client.request<{ guaqi?: { utils?: { socialLogin?: SocialLoginInfo } } }>(
      'utils.socialLogin',
      { provider: provider.toUpperCase(), redirect },
    );
    const info = reply?.guaqi?.utils?.socialLogin;
    if (!info) return;
    writeStorage(SOCIAL_REDIRECT_KEY, redirect, 'session');
    if (info.name === 'wechat') {
      runInAction(() => {
        this.wechat = info;
      });
      return;
    }
    browser.assign(info.authorizationUrl);
  }

  /** The WeChat widget could not be shown: use the provider's page instead. */
  wechatFallback() {
    const info = this.wechat;
    this.wechat = null;
    if (info) browser.assign(info.authorizationUrl);
  }

  cancelWechat() {
    this.wechat = null;
  }
}
