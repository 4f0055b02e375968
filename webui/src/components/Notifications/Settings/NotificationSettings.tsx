import { Save } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotifyPrefsStore } from '../../../stores/NotifyPrefsStore';
import { useStores } from '../../../stores/StoresContext';
import { SmallSpinner } from '../../common/SmallSpinner';
import { KindMatrix } from './KindMatrix';
import { PushSettings } from './PushSettings';
import { QuietHours } from './QuietHours';

const S = 'page.account.notification.settings';
const BUTTON = 'inline-flex h-9 items-center gap-1.5 rounded-lg px-3.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The member's notification settings: push on this device, each kind's channels, do not disturb
 * and the daily summary, saved together (notify.savePrefs). Push on this device takes effect at
 * once: it is the browser's, not part of the saved preferences. The Save bar stays in view (above
 * the phone's tab bar).
 */
export const NotificationSettings = observer(function NotificationSettings() {
  const root = useStores();
  const { t } = useTranslation();
  const { ui } = root;
  const [store] = useState(() => new NotifyPrefsStore(root));
  useEffect(() => {
    void store.load();
  }, [store]);

  if (!store.draft || !store.saved) {
    return (
      <div data-testid="notify-settings" className="flex min-h-40 flex-col items-center justify-center gap-3">
        {store.loadError ? (
          <>
            <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
              {t(`${S}.loadError`)} {store.loadError}
            </p>
            <button type="button" className={`${BUTTON} ring-1 ring-inset ring-zinc-200 dark:ring-zinc-700`} onClick={() => void store.load()}>
              {t(`${S}.retry`)}
            </button>
          </>
        ) : (
          <SmallSpinner />
        )}
      </div>
    );
  }

  return (
    <div data-testid="notify-settings" className="space-y-4">
      <PushSettings pushAvailable={store.saved.pushAvailable} />
      <form
        aria-label={t(`${S}.title`)}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void store.save();
        }}
      >
        <fieldset disabled={store.saving} className="min-w-0 space-y-4">
          <KindMatrix store={store} />
          <QuietHours store={store} />
        </fieldset>
        <div
          className={`sticky z-10 -mx-1 flex ${ui.device === 'mobile' ? 'bottom-[calc(3.5rem+env(safe-area-inset-bottom)+0.5rem)]' : 'bottom-2'} flex-wrap items-center justify-end gap-2 rounded-2xl bg-white/90 px-4 py-3 shadow-sm ring-1 ring-zinc-200 backdrop-blur dark:bg-zinc-900/90 dark:ring-zinc-800`}
        >
          {store.isDirty && (
            <span className="mr-auto text-xs text-amber-700 dark:text-amber-400" data-testid="notify-unsaved">
              {t(`${S}.unsaved`)}
            </span>
          )}
          {store.generalError && (
            <span role="alert" className="mr-auto text-xs text-rose-600 dark:text-rose-400" data-testid="notify-save-error">
              {store.generalError}
            </span>
          )}
          <button
            type="button"
            className={`${BUTTON} text-zinc-700 ring-1 ring-inset ring-zinc-200 hover:bg-zinc-100 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800`}
            disabled={!store.isDirty || store.saving}
            onClick={() => store.discard()}
          >
            {t(`${S}.discard`)}
          </button>
          <button type="submit" data-testid="notify-save" className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`} disabled={!store.isDirty || store.saving}>
            <Save className="size-4" aria-hidden />
            {store.saving ? t(`${S}.saving`) : t(`${S}.save`)}
          </button>
        </div>
      </form>
    </div>
  );
});
