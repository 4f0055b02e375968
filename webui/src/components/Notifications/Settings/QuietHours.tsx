import { Mail, MoonStar } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, timeZones, type NotifyPrefsStore } from '../../../stores/NotifyPrefsStore';
import { SettingsCard } from './SettingsCard';
import { Switch } from './Switch';

const D = 'page.account.notification.settings.dnd';
const G = 'page.account.notification.settings.digest';
const INPUT =
  'h-9 w-full min-w-0 rounded-lg bg-zinc-100/80 px-3 text-sm outline-none ring-1 ring-inset ring-transparent transition focus:bg-white focus:ring-2 focus:ring-brand-500 disabled:opacity-60 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-500 dark:bg-zinc-800/70 dark:focus:bg-zinc-900';

/** A labelled input of the do-not-disturb range, with the server's refusal of its field under it. */
const Field = observer(function Field({
  store,
  field,
  label,
  children,
}: {
  store: NotifyPrefsStore;
  field: string;
  label: string;
  children: (control: { id: string; 'data-field': string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => React.ReactNode;
}) {
  const id = useId();
  const error = store.errorFor(field);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {label}
      </label>
      {children({ id, 'data-field': field, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
});

/** Do not disturb (on, from, until, time zone) and the daily email summary. */
export const QuietHours = observer(function QuietHours({ store }: { store: NotifyPrefsStore }) {
  const { t } = useTranslation();
  const switchId = useId();
  const digestId = useId();
  const { dnd, digest } = store.draft!;
  const saved = store.saved!;
  const zones = useMemo(() => timeZones(dnd.timeZone), [dnd.timeZone]);
  const here = browserTimeZone();
  const digestOff = !saved.digestAllowed || !saved.hasEmail;

  return (
    <>
      <SettingsCard icon={MoonStar} title={t(`${D}.title`)} hint={t(`${D}.hint`)} testId="notify-dnd">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={switchId} className="text-sm font-medium">
            {t(`${D}.enabled`)}
          </label>
          <Switch id={switchId} checked={dnd.enabled} label={t(`${D}.enabled`)} testId="notify-dnd-enabled" onChange={(on) => store.setDnd('enabled', on)} />
        </div>
        <fieldset disabled={!dnd.enabled} className="mt-4 grid min-w-0 gap-3 sm:grid-cols-[8rem_8rem_minmax(0,1fr)]">
          <Field store={store} field="dnd.start" label={t(`${D}.start`)}>
            {(control) => <input {...control} type="time" required value={dnd.start} onChange={(event) => store.setDnd('start', event.target.value)} className={INPUT} />}
          </Field>
          <Field store={store} field="dnd.end" label={t(`${D}.end`)}>
            {(control) => <input {...control} type="time" required value={dnd.end} onChange={(event) => store.setDnd('end', event.target.value)} className={INPUT} />}
          </Field>
          <Field store={store} field="dnd.timeZone" label={t(`${D}.timeZone`)}>
            {(control) => (
              <select {...control} value={dnd.timeZone} onChange={(event) => store.setDnd('timeZone', event.target.value)} className={INPUT}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <div className="mt-2 space-y-0.5 text-xs text-zinc-500">
          {dnd.enabled && dnd.start > dnd.end && <p data-testid="notify-dnd-overnight">{t(`${D}.overnight`)}</p>}
          {here && here !== dnd.timeZone && <p>{t(`${D}.browserZone`, { zone: here })}</p>}
        </div>
      </SettingsCard>

      <SettingsCard icon={Mail} title={t(`${G}.title`)} testId="notify-digest">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={digestId} className="text-sm font-medium">
            {t(`${G}.label`)}
          </label>
          <Switch
            id={digestId}
            checked={digest && !digestOff}
            disabled={digestOff}
            label={t(`${G}.label`)}
            testId="notify-digest-switch"
            onChange={(on) => store.setDigest(on)}
          />
        </div>
        <p className="mt-2 text-xs text-zinc-500" data-testid="notify-digest-note">
          {!saved.digestAllowed ? t(`${G}.notAllowed`) : !saved.hasEmail ? t(`${G}.noEmail`) : t(`${G}.hour`, { hour: String(saved.digestHour).padStart(2, '0') })}
        </p>
      </SettingsCard>
    </>
  );
});
