import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { AddButton, move, RowCard, SelectInput, TextInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The languages the site offers, in picker order, each with its tag, flag and default currency. */
export const LanguagesPanel = observer(function LanguagesPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  const draft = store.draft!;
  const free = LANGUAGES.filter((code) => !draft.languages.some((language) => language.code === code));
  const currencies = draft.currencies.map((currency) => ({ value: currency.code, label: currency.code }));
  return (
    <SettingsPanel store={store} section="languages" hint={t('admin.settings.languages.hint')}>
      <ul className="space-y-3">
        {draft.languages.map((language, i) => (
          <RowCard
            key={language.code}
            path={`value[${i}]`}
            title={NATIVE_NAME[language.code as keyof typeof NATIVE_NAME] ?? language.code}
            index={i}
            count={draft.languages.length}
            onMove={(step) => store.edit((d) => move(d.languages, i, step))}
            onRemove={() => store.edit((d) => void d.languages.splice(i, 1))}
          >
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <TextInput path={`value[${i}].name`} label={t('admin.settings.languages.name')} placeholder="en-US" value={language.name} onChange={(v) => store.edit(() => (language.name = v))} />
              <TextInput path={`value[${i}].locale`} label={t('admin.settings.languages.locale')} placeholder="en-US" value={language.locale} onChange={(v) => store.edit(() => (language.locale = v))} />
              <SelectInput
                path={`value[${i}].currency`}
                label={t('admin.settings.languages.currency')}
                value={language.currency}
                options={currencies.some((c) => c.value === language.currency) ? currencies : [{ value: language.currency, label: language.currency }, ...currencies]}
                onChange={(v) => store.edit(() => (language.currency = v))}
              />
              <TextInput path={`value[${i}].flagUrl`} label={t('admin.settings.languages.flagUrl')} value={language.flagUrl} onChange={(v) => store.edit(() => (language.flagUrl = v))} />
            </div>
          </RowCard>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {free.map((code) => (
          <AddButton
            key={code}
            label={t('admin.settings.languages.add', { name: NATIVE_NAME[code] })}
            onClick={() =>
              store.edit((d) =>
                d.languages.push({ code, name: '', locale: '', flagUrl: '', currency: d.currencies[0]?.code ?? '', position: d.languages.length + 1 }),
              )
            }
          />
        ))}
      </div>
    </SettingsPanel>
  );
});
