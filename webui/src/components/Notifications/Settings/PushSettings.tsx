import { BellRing, Smartphone, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PushDevicesStore } from '../../../stores/PushDevicesStore';
import { useStores } from '../../../stores/StoresContext';
import { SettingsCard } from './SettingsCard';
import { Switch } from './Switch';

const NOTE = 'mt-3 rounded-xl px-3 py-2 text-sm';
const WARN = `${NOTE} bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200`;

/**
 * "Push on this device": the switch (the browser's permission is asked only when it is turned on),
 * why it cannot be on here when it cannot, and the member's devices that receive push.
 */
export const PushSettings = observer(function PushSettings({ pushAvailable }: { pushAvailable: boolean }) {
  const root = useStores();
  const { auth } = root;
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new PushDevicesStore(root));
  const noteId = useId();

  useEffect(() => {
    if (auth.isLoggedIn && pushAvailable) void store.init();
  }, [store, auth.isLoggedIn, pushAvailable]);

  const title = t('page.account.notification.settings.push.title');
  let note: string | null = null;
  if (!auth.isLoggedIn) note = t('page.account.notification.settings.push.signedOut');
  else if (!pushAvailable) note = t('page.account.notification.settings.push.unavailable');
  else if (store.state === 'unsupported') note = t('page.account.notification.settings.push.unsupported');
  else if (store.state === 'denied') note = t('page.account.notification.settings.push.denied');
  const blocked = note !== null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <SettingsCard icon={BellRing} title={title} hint={t('page.account.notification.settings.push.hint')} testId="push-settings">
      <div className="flex items-center justify-between gap-4">
        <span className="text-sm font-medium" id={`${noteId}-label`}>
          {store.state === 'checking' && !blocked ? t('page.account.notification.settings.push.checking') : t('page.account.notification.settings.push.switch')}
        </span>
        <Switch
          checked={store.state === 'on'}
          label={t('page.account.notification.settings.push.switch')}
          disabled={blocked || store.busy || store.state === 'checking'}
          describedBy={note || store.problem ? noteId : undefined}
          testId="push-switch"
          onChange={(on) => void store.toggle(on)}
        />
      </div>
      {(note || store.problem) && (
        <p id={noteId} role={store.problem ? 'alert' : undefined} className={WARN} data-testid="push-note">
          {store.problem
            ? store.problem.reason === 'server'
              ? store.problem.message
              : t(`page.account.notification.settings.push.${store.problem.reason}`)
            : note}
        </p>
      )}
      {auth.isLoggedIn && pushAvailable && (
        <div className="mt-4">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">{t('page.account.notification.settings.push.devices')}</h4>
          {store.devices.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-500" data-testid="push-no-devices">
              {t('page.account.notification.settings.push.noDevices')}
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="push-devices">
              {store.devices.map((device) => (
                <li key={device.id} className="flex items-center gap-3 py-2" data-testid="push-device">
                  <Smartphone className="size-4 shrink-0 text-zinc-400" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm">
                      {device.host}
                      {store.isThisDevice(device) && (
                        <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
                          {t('page.account.notification.settings.push.thisDevice')}
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-zinc-500">{t('page.account.notification.settings.push.since', { date: date.format(device.createdAt) })}</p>
                  </div>
                  <button
                    type="button"
                    disabled={store.busy}
                    onClick={() => void store.remove(device)}
                    aria-label={t('page.account.notification.settings.push.removeDevice', { host: device.host })}
                    className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm text-zinc-600 transition hover:bg-rose-50 hover:text-rose-700 disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-rose-500/10"
                  >
                    <Trash2 className="size-4" aria-hidden />
                    <span className="hidden sm:inline">{t('page.account.notification.settings.push.remove')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </SettingsCard>
  );
});
