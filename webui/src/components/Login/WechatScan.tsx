import { ArrowLeft } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import '../../stores/LoginBoxStore'; // builds root's store on first use (stores/lazyStores.ts)

/** WeChat's scan-code widget script, loaded only when WeChat is chosen. */
export const WECHAT_SCRIPT = 'https://res.wx.qq.com/connect/zh_CN/htmledit/wxLogin.js';

interface WxLoginOptions {
  self_redirect: boolean;
  id: string;
  appid: string;
  scope: string;
  redirect_uri: string;
  state: string;
}

declare global {
  interface Window {
    WxLogin?: new (options: WxLoginOptions) => unknown;
  }
}

let scriptLoad: Promise<void> | null = null;

function loadWechatScript(): Promise<void> {
  if (window.WxLogin) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WECHAT_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      scriptLoad = null;
      reject(new Error('wechat widget unavailable'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/** The WeChat QR code in the login box; without the widget the provider's page is used. */
export const WechatScan = observer(function WechatScan() {
  const { loginBox } = useStores();
  const { t } = useTranslation();
  const id = `wechat-${useId().replace(/:/g, '')}`;
  const info = loginBox.social.wechat;

  useEffect(() => {
    if (!info) return;
    let cancelled = false;
    loadWechatScript()
      .then(() => {
        if (cancelled || !window.WxLogin) return;
        new window.WxLogin({
          self_redirect: false,
          id,
          appid: info.clientId,
          scope: info.scope || 'snsapi_login',
          redirect_uri: encodeURIComponent(info.redirectUri ?? `${window.location.origin}/authorize?type=wechat`),
          state: info.state,
        });
      })
      .catch(() => {
        if (!cancelled) loginBox.social.wechatFallback();
      });
    return () => {
      cancelled = true;
    };
  }, [info, id, loginBox]);

  return (
    <div className="space-y-2 text-center">
      <p className="text-sm font-medium">{t('common.login.social.wechatTitle')}</p>
      <div id={id} className="mx-auto grid h-[21rem] w-full max-w-[18rem] place-items-center overflow-hidden rounded-xl bg-zinc-50 dark:bg-zinc-800/60">
        <span className="text-xs text-zinc-500">{t('common.loading')}</span>
      </div>
      <button
        type="button"
        onClick={() => loginBox.social.cancelWechat()}
        className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('common.login.social.otherWays')}
      </button>
    </div>
  );
});
