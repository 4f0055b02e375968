import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { INPUT, Labelled, TextInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The symbol shown beside credit amounts. */
export const CreditSymbolPanel = observer(function CreditSymbolPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  return (
    <SettingsPanel store={store} section="creditSymbol" hint={t('admin.settings.creditSymbol.hint')}>
      <TextInput
        className="w-48"
        path="value"
        label={t('admin.settings.creditSymbol.label')}
        value={store.draft!.creditSymbol}
        onChange={(v) => store.edit((d) => (d.creditSymbol = v))}
      />
    </SettingsPanel>
  );
});

/** The analytics snippet (HTML with script tags) every page carries. */
export const AnalyticsPanel = observer(function AnalyticsPanel({ store }: { store: SettingsAdminStore }) {
  return (
    <SettingsPanel store={store} section="analytics">
      <AnalyticsField store={store} />
    </SettingsPanel>
  );
});

function AnalyticsField({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  return (
    <Labelled path="value" label={t('admin.settings.analytics.label')} hint={t('admin.settings.analytics.hint')}>
      {(control) => (
        <textarea
          {...control}
          rows={10}
          spellCheck={false}
          value={store.draft!.analytics}
          onChange={(event) => store.edit((d) => (d.analytics = event.target.value))}
          className={`${INPUT} h-auto py-2 font-mono text-xs`}
        />
      )}
    </Labelled>
  );
}
