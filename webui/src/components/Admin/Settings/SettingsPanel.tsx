import { RotateCcw, Save } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsSection } from '../../../api/adminSettings';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { SectionContext } from './fields';

const BUTTON = 'inline-flex h-9 items-center gap-1.5 rounded-lg px-3.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50';

/**
 * One section of the settings: its fields, Save (with the version read) and Discard, and the
 * server's refusal: a stale save offers to read the settings again, a refusal naming a field is
 * shown (and focused) at that field.
 */
export const SettingsPanel = observer(function SettingsPanel({
  store,
  section,
  hint,
  children,
}: {
  store: SettingsAdminStore;
  section: SettingsSection;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const error = store.errors.get(section);
  const dirty = store.isDirty(section);
  const saving = store.saving === section;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!error?.path) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(error.path)}"]`);
    target?.scrollIntoView?.({ block: 'center' });
    if (target && target.tagName !== 'LI') target.focus();
  }, [error]);

  return (
    <SectionContext.Provider value={{ store, section }}>
      <form
        ref={formRef}
        data-testid={`settings-panel-${section}`}
        aria-labelledby={`settings-title-${section}`}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-5 dark:bg-zinc-900 dark:ring-zinc-800"
        onSubmit={(event) => {
          event.preventDefault();
          void store.save(section);
        }}
      >
        <h2 id={`settings-title-${section}`} className="text-base font-semibold">
          {t(`admin.settings.section.${section}`)}
        </h2>
        {hint && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{hint}</p>}
        {error && (
          <div role="alert" data-testid="settings-error" className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
            <span className="min-w-0 flex-1">
              {error.stale
                ? t('admin.settings.stale')
                : error.path && error.path !== 'value'
                  ? t('admin.settings.fieldRefused', { message: error.message })
                  : error.message}
            </span>
            {error.stale && (
              <button type="button" className={`${BUTTON} bg-white text-rose-800 ring-1 ring-rose-200 dark:bg-zinc-900 dark:text-rose-300`} onClick={() => void store.reload(section)}>
                <RotateCcw className="size-4" aria-hidden />
                {t('admin.settings.reload')}
              </button>
            )}
          </div>
        )}
        <fieldset disabled={saving} className="mt-4 min-w-0 space-y-4">
          {children}
        </fieldset>
        <div className="mt-5 flex flex-wrap items-center justify-end gap-2 border-t border-zinc-100 pt-4 dark:border-zinc-800">
          {dirty && <span className="mr-auto text-xs text-amber-700 dark:text-amber-400">{t('admin.settings.unsaved')}</span>}
          <button
            type="button"
            className={`${BUTTON} text-zinc-700 ring-1 ring-inset ring-zinc-200 hover:bg-zinc-100 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800`}
            disabled={!dirty || saving}
            onClick={() => store.discard(section)}
          >
            {t('admin.settings.discard')}
          </button>
          <button type="submit" className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`} disabled={!dirty || saving}>
            <Save className="size-4" aria-hidden />
            {saving ? t('admin.settings.saving') : t('admin.settings.save')}
          </button>
        </div>
      </form>
    </SectionContext.Provider>
  );
});
