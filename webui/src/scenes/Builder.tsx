import { Laptop, Lock, Smartphone, Tablet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceFrame } from '../components/Builder/DeviceFrame';
import { LocalizedLink } from '../components/common/LocalizedLink';
import { EmptyState } from '../components/Feedback/EmptyState';
import { PageSpinner } from '../components/Feedback/Spinner';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { LoginDialog } from '../components/Login/LoginDialog';
import { DEFAULT_CURRENCY } from '../i18n/languages';
import type { Device } from '../models/settings';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { useStores } from '../stores/StoresContext';

const DEVICES: { device: Device; icon: typeof Smartphone }[] = [
  { device: 'mobile', icon: Smartphone },
  { device: 'tablet', icon: Tablet },
  { device: 'desktop', icon: Laptop },
];

/**
 * /builder: no site header or footer; requires canBuilder. The shell does not
 * fetch the viewer for this route, the builder checks the session itself.
 */
export const Builder = observer(function Builder() {
  const { auth, ui, locale } = useStores();
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>('desktop');
  useDocumentTitle(t('page.builder.title'));
  useEffect(() => {
    void auth.fetchViewer();
  }, [auth]);

  if (auth.isFetching) return <PageSpinner />;
  if (!auth.viewer?.canBuilder) {
    return (
      <div className="mx-auto max-w-md px-6 py-24">
        <EmptyState icon={Lock} title={t('page.builder.forbidden')}>
          <div className="flex gap-2">
            <LocalizedLink to="/" className="rounded-full px-4 py-2 text-sm ring-1 ring-zinc-300 dark:ring-zinc-700">
              {t('common.backHome')}
            </LocalizedLink>
            {!auth.isLoggedIn && (
              <button
                type="button"
                onClick={() => ui.open('login')}
                className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900"
              >
                {t('common.header.login')}
              </button>
            )}
          </div>
        </EmptyState>
        <LoginDialog editStatus />
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-100 dark:bg-zinc-900">
      <div className="flex h-14 items-center gap-3 border-b border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-950">
        <h1 className="font-semibold">{t('page.builder.title')}</h1>
        <span className="text-xs text-zinc-500">
          {locale.lang} · {DEFAULT_CURRENCY[locale.lang]}
        </span>
        <div role="radiogroup" className="ml-auto flex rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
          {DEVICES.map(({ device: option, icon: Icon }) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={device === option}
              onClick={() => setDevice(option)}
              className="flex items-center gap-1.5 rounded-full px-3 py-1 text-sm aria-checked:bg-white aria-checked:shadow dark:aria-checked:bg-zinc-700"
            >
              <Icon className="size-4" aria-hidden />
              {t(`common.device.${option}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="flex-1 overflow-auto p-6">
        <DeviceFrame device={device}>
          <Header device={device} preview />
          <div className="flex-1 p-6">
            <EmptyState icon={Laptop} title={t('page.builder.empty')} />
          </div>
          <Footer device={device} preview />
        </DeviceFrame>
      </div>
    </div>
  );
});
