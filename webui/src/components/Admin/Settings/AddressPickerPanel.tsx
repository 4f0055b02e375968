import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { localize } from '../../../models/settings';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { AddButton, move, NumberInput, RowCard, TextsInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The countries the address picker offers (none: every country), by GeoNames id. */
export const AddressPickerPanel = observer(function AddressPickerPanel({ store }: { store: SettingsAdminStore }) {
  const { t, i18n } = useTranslation();
  const countries = store.draft!.addressPicker.countries;
  return (
    <SettingsPanel store={store} section="addressPicker" hint={t('admin.settings.addressPicker.hint')}>
      {countries.length === 0 && <p className="text-sm text-zinc-500">{t('admin.settings.addressPicker.all')}</p>}
      <ul className="space-y-3">
        {countries.map((country, i) => (
          <RowCard
            key={i}
            path={`value.countries[${i}]`}
            title={localize(country.names, i18n.language) || String(country.geonameId || t('admin.settings.addressPicker.new'))}
            index={i}
            count={countries.length}
            onMove={(step) => store.edit(() => move(countries, i, step))}
            onRemove={() => store.edit(() => void countries.splice(i, 1))}
          >
            <NumberInput
              className="w-48"
              path={`value.countries[${i}].geonameId`}
              label={t('admin.settings.addressPicker.geonameId')}
              value={country.geonameId}
              onChange={(v) => store.edit(() => (country.geonameId = v))}
            />
            <TextsInput path={`value.countries[${i}].names`} label={t('admin.settings.name')} value={country.names} onChange={(lang, v) => store.edit(() => ((country.names ??= {})[lang] = v))} />
          </RowCard>
        ))}
      </ul>
      <AddButton label={t('admin.settings.addressPicker.add')} onClick={() => store.edit(() => countries.push({ geonameId: 0, names: {} }))} />
    </SettingsPanel>
  );
});
