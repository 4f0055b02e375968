import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { explicitOperators, NOTIFY_KINDS, operatorAllows, type NotifyOperators } from '../../../api/notifyPrefs';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { Check, NumberInput, SelectInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

const CHANNELS = ['push', 'email'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour));

/**
 * The operators' notification switches (the settings document "notify"): push and email per kind
 * (members choose within what is on), how long an unread message waits before its email, and
 * whether daily summaries go out, at which hour of each member's day.
 */
export const NotifyPanel = observer(function NotifyPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  // A server that stored no switches yet answers none: the draft starts from the defaults.
  useEffect(() => store.edit((draft) => void (draft.notify ??= explicitOperators(undefined))), [store]);
  const doc = store.draft!.notify ?? explicitOperators(undefined);
  const edit = (change: (doc: NotifyOperators) => void) => store.edit((draft) => change((draft.notify ??= explicitOperators(undefined))));

  return (
    <SettingsPanel store={store} section="notify" hint={t('admin.settings.notify.hint')}>
      <div role="table" aria-label={t('admin.settings.section.notify')} className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <div role="row" className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] gap-2 pb-2 text-xs font-medium text-zinc-500">
          <span role="columnheader">{t('admin.settings.notify.kind')}</span>
          {CHANNELS.map((channel) => (
            <span role="columnheader" key={channel} className="text-center">
              {t(`admin.settings.notify.${channel}`)}
            </span>
          ))}
        </div>
        {NOTIFY_KINDS.map((kind) => {
          const name = t(`page.account.notification.settings.kinds.name.${kind}`);
          return (
            <div role="row" key={kind} className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] items-center gap-2 py-2" data-testid={`notify-operators-${kind}`}>
              <span role="rowheader" className="min-w-0 truncate text-sm">
                {name}
              </span>
              {CHANNELS.map((channel) => (
                <span role="cell" key={channel} className="flex justify-center">
                  <input
                    type="checkbox"
                    data-field={`value.${channel}.${kind}`}
                    aria-label={t('admin.settings.notify.toggle', { kind: name, channel: t(`admin.settings.notify.${channel}`) })}
                    checked={operatorAllows(doc, channel, kind)}
                    onChange={(event) => edit((d) => (d[channel][kind] = event.target.checked))}
                    className="size-4 accent-brand-600"
                  />
                </span>
              ))}
            </div>
          );
        })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberInput
          path="value.emailDelayMinutes"
          label={t('admin.settings.notify.emailDelay')}
          hint={t('admin.settings.notify.emailDelayHint')}
          value={doc.emailDelayMinutes}
          onChange={(minutes) => edit((d) => (d.emailDelayMinutes = minutes))}
        />
        <SelectInput
          path="value.digestHour"
          label={t('admin.settings.notify.digestHour')}
          value={String(doc.digestHour)}
          options={HOURS.map((hour) => ({ value: hour, label: `${hour.padStart(2, '0')}:00` }))}
          onChange={(hour) => edit((d) => (d.digestHour = Number(hour)))}
        />
      </div>
      <Check label={t('admin.settings.notify.digest')} checked={doc.digest} onChange={(on) => edit((d) => (d.digest = on))} />
      <p className="text-xs text-zinc-500">{t('admin.settings.notify.digestHourHint')}</p>
    </SettingsPanel>
  );
});
