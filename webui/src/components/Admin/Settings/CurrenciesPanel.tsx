import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { AddButton, move, NumberInput, RowCard, TextInput, TextsInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The currencies prices and balances can be shown in, in picker order. */
export const CurrenciesPanel = observer(function CurrenciesPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  const draft = store.draft!;
  return (
    <SettingsPanel store={store} section="currencies" hint={t('admin.settings.currencies.hint')}>
      <ul className="space-y-3">
        {draft.currencies.map((currency, i) => (
          <RowCard
            // The index keys a row whose code is being typed, so that the row keeps its focus.
            key={i}
            path={`value[${i}]`}
            title={currency.code || t('admin.settings.currencies.new')}
            index={i}
            count={draft.currencies.length}
            onMove={(step) => store.edit((d) => move(d.currencies, i, step))}
            onRemove={() => store.edit((d) => void d.currencies.splice(i, 1))}
          >
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <TextInput path={`value[${i}].code`} label={t('admin.settings.currencies.code')} placeholder="GBP" value={currency.code} onChange={(v) => store.edit(() => (currency.code = v.toUpperCase()))} />
              <TextInput path={`value[${i}].symbol`} label={t('admin.settings.currencies.symbol')} placeholder="£" value={currency.symbol} onChange={(v) => store.edit(() => (currency.symbol = v))} />
              <TextInput path={`value[${i}].symbolIso`} label={t('admin.settings.currencies.symbolIso')} placeholder="GBP" value={currency.symbolIso} onChange={(v) => store.edit(() => (currency.symbolIso = v))} />
              <NumberInput path={`value[${i}].decimals`} label={t('admin.settings.currencies.decimals')} value={currency.decimals} onChange={(v) => store.edit(() => (currency.decimals = v))} />
            </div>
            <TextsInput path={`value[${i}].names`} label={t('admin.settings.name')} value={currency.names} onChange={(lang, v) => store.edit(() => ((currency.names ??= {})[lang] = v))} />
          </RowCard>
        ))}
      </ul>
      <AddButton
        label={t('admin.settings.currencies.add')}
        onClick={() => store.edit((d) => d.currencies.push({ code: '', symbolIso: '', symbol: '', names: {}, decimals: 2 }))}
      />
    </SettingsPanel>
  );
});
