import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES } from '../../../api/adminSettings';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { LinesInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The reasons a reporter picks from, per report type and language, one per line. */
export const ReportPanel = observer(function ReportPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  const report = store.draft!.report;
  const types = [...REPORT_TYPES, ...Object.keys(report).filter((type) => !(REPORT_TYPES as readonly string[]).includes(type))];
  return (
    <SettingsPanel store={store} section="report" hint={t('admin.settings.report.hint')}>
      {types.map((type) => (
        <fieldset key={type} className="space-y-2">
          <legend className="text-sm font-semibold">{t(`admin.settings.report.type.${type}`, { defaultValue: type })}</legend>
          <div className="grid gap-3 md:grid-cols-3">
            {LANGUAGES.map((lang) => (
              <LinesInput
                key={lang}
                path={`value.${type}.${lang}`}
                label={NATIVE_NAME[lang]}
                values={report[type]?.[lang] ?? []}
                onChange={(reasons) => store.edit(() => ((report[type] ??= {})[lang] = reasons))}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </SettingsPanel>
  );
});
