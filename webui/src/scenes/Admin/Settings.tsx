import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../api/adminSettings';
import { AddressPickerPanel } from '../../components/Admin/Settings/AddressPickerPanel';
import { CurrenciesPanel } from '../../components/Admin/Settings/CurrenciesPanel';
import { FilesPanel } from '../../components/Admin/Settings/FilesPanel';
import { LanguagesPanel } from '../../components/Admin/Settings/LanguagesPanel';
import { LevelsPanel, VipTiersPanel } from '../../components/Admin/Settings/LevelsPanel';
import { LoginBoxPanel } from '../../components/Admin/Settings/LoginBoxPanel';
import { NotifyPanel } from '../../components/Admin/Settings/NotifyPanel';
import { ReportPanel } from '../../components/Admin/Settings/ReportPanel';
import { AnalyticsPanel, CreditSymbolPanel } from '../../components/Admin/Settings/TextPanels';
import { SMALL_BUTTON } from '../../components/Admin/common/styles';
import { InlineError } from '../../components/Admin/common/InlineError';
import { SectionHeader } from '../../components/Admin/common/SectionHeader';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import { SettingsAdminStore } from '../../stores/admin/SettingsAdminStore';
import { useStores } from '../../stores/StoresContext';

const PANELS: Record<SettingsSection, ComponentType<{ store: SettingsAdminStore }>> = {
  languages: LanguagesPanel,
  currencies: CurrenciesPanel,
  creditSymbol: CreditSymbolPanel,
  levels: LevelsPanel,
  vipTiers: VipTiersPanel,
  loginBox: LoginBoxPanel,
  report: ReportPanel,
  files: FilesPanel,
  analytics: AnalyticsPanel,
  addressPicker: AddressPickerPanel,
  notify: NotifyPanel,
};

const NAV_ITEM =
  'relative shrink-0 rounded-lg px-3 py-2 text-left text-sm transition hover:bg-zinc-100 aria-[current=true]:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800 dark:hover:bg-zinc-800 dark:aria-[current=true]:bg-brand-400/10 dark:aria-[current=true]:text-brand-300';

/** /admin/settings: the site-wide settings, one panel per section, each saved on its own. */
const Settings = observer(function Settings() {
  const root = useStores();
  const { t } = useTranslation();
  const [store] = useState(() => new SettingsAdminStore(root));
  useEffect(() => {
    void store.load();
  }, [store]);

  const header = <SectionHeader title={t('admin.settings.title')} description={t('admin.settings.description')} />;
  if (!store.draft) {
    return (
      <div data-testid="admin-settings" className="space-y-4">
        {header}
        {store.loadError ? (
          <div className="space-y-3">
            <InlineError message={store.loadError} />
            <button type="button" className={SMALL_BUTTON} onClick={() => void store.load()}>
              {t('admin.settings.retry')}
            </button>
          </div>
        ) : (
          <div className="flex min-h-40 items-center justify-center">
            <SmallSpinner />
          </div>
        )}
      </div>
    );
  }

  const Panel = PANELS[store.current];
  return (
    <div data-testid="admin-settings" className="space-y-4">
      {header}
      <div className="grid gap-4 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label={t('admin.settings.sections')} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
          {SETTINGS_SECTIONS.map((section) => (
            <button
              key={section}
              type="button"
              data-testid={`settings-nav-${section}`}
              aria-current={store.current === section}
              className={NAV_ITEM}
              onClick={() => store.select(section)}
            >
              {t(`admin.settings.section.${section}`)}
              {store.isDirty(section) && (
                <span className="ml-1.5 inline-block size-1.5 rounded-full bg-amber-500 align-middle" aria-label={t('admin.settings.unsaved')} />
              )}
            </button>
          ))}
        </nav>
        <Panel store={store} />
      </div>
    </div>
  );
});

export default Settings;
