import { ListChecks } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { NOTIFY_CHANNELS, type KindPrefs, type NotifyChannel } from '../../../api/notifyPrefs';
import type { NotifyPrefsStore } from '../../../stores/NotifyPrefsStore';
import { useStores } from '../../../stores/StoresContext';
import { SettingsCard } from './SettingsCard';
import { Switch } from './Switch';

const K = 'page.account.notification.settings.kinds';
const COLUMNS = 'sm:grid sm:grid-cols-[minmax(0,1fr)_6.5rem_6.5rem_6.5rem] sm:items-center sm:gap-2';
const NOTE = 'rounded-xl bg-zinc-100/80 px-3 py-2 text-sm text-zinc-600 dark:bg-zinc-800/70 dark:text-zinc-300';

/** Whether the operators turned a channel off for this kind (the member cannot turn it on). */
function operatorOff(kind: KindPrefs, channel: NotifyChannel): boolean {
  return (channel === 'push' && !kind.pushAllowed) || (channel === 'email' && !kind.emailAllowed);
}

/**
 * Each kind of notification against the channels (in the site, push, email): a switch per cell,
 * disabled where the site channel is locked, where the operators turned a channel off, and for
 * email when the member has no address. On a phone each kind stacks its three switches.
 */
export const KindMatrix = observer(function KindMatrix({ store }: { store: NotifyPrefsStore }) {
  const { auth } = useStores();
  const { t } = useTranslation();
  const saved = store.saved!;
  const draft = store.draft!;
  const error = store.errorFor('kinds');
  const channelName = (channel: NotifyChannel) => t(`${K}.${channel}`);

  return (
    <SettingsCard icon={ListChecks} title={t(`${K}.title`)} hint={t(`${K}.hint`)} testId="notify-kinds">
      <div className="space-y-2">
        {!saved.pushAvailable && <p className={NOTE} data-testid="notify-push-unavailable">{t(`${K}.pushUnavailable`)}</p>}
        {!saved.hasEmail && (
          <p className={`${NOTE} flex flex-wrap items-center gap-2`} data-testid="notify-no-email">
            <span className="min-w-0 flex-1">{t(`${K}.noEmail`)}</span>
            <button type="button" onClick={() => auth.editProfile()} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300">
              {t(`${K}.addEmail`)}
            </button>
          </p>
        )}
        {error && (
          <p role="alert" data-field="kinds" className="text-sm text-rose-600 dark:text-rose-400">
            {error}
          </p>
        )}
      </div>
      <div role="table" aria-label={t(`${K}.title`)} className="mt-3">
        <div role="row" className={`hidden border-b border-zinc-100 pb-2 text-xs font-medium text-zinc-500 dark:border-zinc-800 ${COLUMNS}`}>
          <span role="columnheader">{t(`${K}.kind`)}</span>
          {NOTIFY_CHANNELS.map((channel) => (
            <span role="columnheader" key={channel} className="text-center">
              {channelName(channel)}
            </span>
          ))}
        </div>
        {draft.kinds.map((kind) => {
          const name = t(`${K}.name.${kind.kind}`, { defaultValue: kind.kind });
          const off = NOTIFY_CHANNELS.filter((channel) => operatorOff(kind, channel));
          return (
            <div role="row" key={kind.kind} data-testid={`notify-kind-${kind.kind}`} className={`border-b border-zinc-100 py-3 last:border-0 dark:border-zinc-800 ${COLUMNS}`}>
              <div role="rowheader" className="min-w-0">
                <p className="text-sm font-medium">{name}</p>
                {kind.siteLocked && <p className="text-xs text-zinc-500">{t(`${K}.siteLocked`)}</p>}
                {off.map((channel) => (
                  <p key={channel} className="text-xs text-amber-700 dark:text-amber-400" data-testid={`notify-operator-off-${kind.kind}-${channel}`}>
                    {t(`${K}.operatorOff`, { channel: channelName(channel) })}
                  </p>
                ))}
              </div>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2 sm:contents">
                {NOTIFY_CHANNELS.map((channel) => {
                  const editable = store.editable(kind, channel);
                  return (
                    <div role="cell" key={channel} className="flex items-center gap-2 sm:justify-center">
                      <Switch
                        checked={channel === 'site' && kind.siteLocked ? true : kind[channel] && editable}
                        disabled={!editable}
                        label={t(`${K}.toggle`, { kind: name, channel: channelName(channel) })}
                        testId={`notify-${kind.kind}-${channel}`}
                        onChange={(on) => store.setChannel(kind.kind, channel, on)}
                      />
                      <span aria-hidden className="text-xs text-zinc-500 sm:hidden">
                        {channelName(channel)}
                      </span>
                    </div>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      {saved.hasEmail && saved.emailDelayMinutes > 0 && (
        <p className="mt-3 text-xs text-zinc-500">{t(`${K}.emailDelay`, { count: saved.emailDelayMinutes })}</p>
      )}
    </SettingsCard>
  );
});
