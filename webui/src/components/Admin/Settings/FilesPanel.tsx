import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '../../../api/adminSettings';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { LinesInput, NumberInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The uploads accepted: the largest size, and the MIME types and extensions per media type. */
export const FilesPanel = observer(function FilesPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  const draft = store.draft!;
  return (
    <SettingsPanel store={store} section="files" hint={t('admin.settings.files.hint')}>
      <NumberInput
        className="w-48"
        path="value.maxFileSize"
        label={t('admin.settings.files.maxFileSize')}
        value={draft.maxFileSize}
        onChange={(v) => store.edit((d) => (d.maxFileSize = v))}
      />
      {MEDIA_TYPES.map((type) => {
        const mimes = draft.fileMimes[type] ?? { mime: [], ext: [] };
        const set = (change: Partial<typeof mimes>) => store.edit((d) => (d.fileMimes[type] = { ...mimes, ...change }));
        return (
          <fieldset key={type} className="space-y-2">
            <legend className="text-sm font-semibold">{t(`admin.settings.media.${type}`)}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <LinesInput path={`value.fileMimes.${type}.mime`} label={t('admin.settings.files.mime')} hint="image/png" values={mimes.mime ?? []} onChange={(mime) => set({ mime })} />
              <LinesInput path={`value.fileMimes.${type}.ext`} label={t('admin.settings.files.ext')} hint="png" values={mimes.ext ?? []} onChange={(ext) => set({ ext })} />
            </div>
          </fieldset>
        );
      })}
    </SettingsPanel>
  );
});
