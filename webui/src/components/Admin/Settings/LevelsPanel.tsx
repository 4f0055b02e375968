import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CAPABILITIES, MEDIA_TYPES, type AdminLevel, type AdminLevelRoles, type AdminVipTier } from '../../../api/adminSettings';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { localize } from '../../../models/settings';
import { AddButton, Check, move, NumberInput, RowCard, TextInput, TextsInput } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** The rights of a new level or tier: nothing beyond reading. */
function noRoles(): AdminLevelRoles {
  return { userCan: [], canBuilder: false, media: Object.fromEntries(MEDIA_TYPES.map((type) => [type, { can: false, max: 0, size: 0 }])) };
}

/** What a level or tier gives: capabilities, the page builder, and the upload rights per media type. */
const RolesEditor = observer(function RolesEditor({ store, path, roles }: { store: SettingsAdminStore; path: string; roles: AdminLevelRoles }) {
  const { t } = useTranslation();
  const toggle = (capability: string, on: boolean) =>
    store.edit(() => {
      roles.userCan = on ? [...new Set([...(roles.userCan ?? []), capability])] : (roles.userCan ?? []).filter((c) => c !== capability);
    });
  return (
    <fieldset className="space-y-2 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/40">
      <legend className="px-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('admin.settings.roles.title')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {CAPABILITIES.map((capability) => (
          <Check key={capability} label={t(`admin.settings.roles.${capability}`)} checked={roles.userCan?.includes(capability) ?? false} onChange={(on) => toggle(capability, on)} />
        ))}
        <Check label={t('admin.settings.roles.canBuilder')} checked={roles.canBuilder} onChange={(on) => store.edit(() => (roles.canBuilder = on))} />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {MEDIA_TYPES.map((type) => {
          const media = roles.media?.[type] ?? { can: false, max: 0, size: 0 };
          const set = (change: Partial<typeof media>) => store.edit(() => ((roles.media ??= {})[type] = { ...media, ...change }));
          return (
            <div key={type} className="flex flex-wrap items-end gap-2">
              <div className="w-28 pb-2">
                <Check label={t(`admin.settings.media.${type}`)} checked={media.can} onChange={(can) => set({ can })} />
              </div>
              <NumberInput className="w-24" path={`${path}.media.${type}.max`} label={t('admin.settings.roles.perDay')} value={media.max} onChange={(max) => set({ max })} />
              <NumberInput className="w-24" path={`${path}.media.${type}.size`} label={t('admin.settings.roles.sizeMb')} value={media.size} onChange={(size) => set({ size })} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
});

/** The fields growth levels and VIP tiers share: key, icon, names. */
const LevelHead = observer(function LevelHead({ store, path, level }: { store: SettingsAdminStore; path: string; level: AdminLevel | AdminVipTier }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <TextInput path={`${path}.key`} label={t('admin.settings.levels.key')} placeholder="lv1" value={level.key} onChange={(v) => store.edit(() => (level.key = v.trim()))} />
        <div className="flex items-end gap-2">
          {level.icon && <img src={level.icon} alt="" className="mb-1.5 h-6 max-w-16 object-contain" />}
          <TextInput className="min-w-0 flex-1" path={`${path}.icon`} label={t('admin.settings.levels.icon')} value={level.icon} onChange={(v) => store.edit(() => (level.icon = v))} />
        </div>
      </div>
      <TextsInput path={`${path}.names`} label={t('admin.settings.name')} value={level.names} onChange={(lang, v) => store.edit(() => ((level.names ??= {})[lang] = v))} />
    </>
  );
});

/** The growth levels, lowest first, each with the points it needs and its rights. */
export const LevelsPanel = observer(function LevelsPanel({ store }: { store: SettingsAdminStore }) {
  const { t, i18n } = useTranslation();
  const levels = store.draft!.levels;
  return (
    <SettingsPanel store={store} section="levels" hint={t('admin.settings.levels.hint')}>
      <ul className="space-y-3">
        {levels.map((level, i) => (
          <RowCard
            key={i}
            path={`value[${i}]`}
            title={localize(level.names, i18n.language) || level.key || t('admin.settings.levels.new')}
            index={i}
            count={levels.length}
            onMove={(step) => store.edit((d) => move(d.levels, i, step))}
            onRemove={() => store.edit((d) => void d.levels.splice(i, 1))}
          >
            <LevelHead store={store} path={`value[${i}]`} level={level} />
            <NumberInput className="w-40" path={`value[${i}].minPoints`} label={t('admin.settings.levels.minPoints')} value={level.minPoints} onChange={(v) => store.edit(() => (level.minPoints = v))} />
            <RolesEditor store={store} path={`value[${i}].roles`} roles={level.roles} />
          </RowCard>
        ))}
      </ul>
      <AddButton
        label={t('admin.settings.levels.add')}
        onClick={() => store.edit((d) => d.levels.push({ key: '', icon: '', names: {}, rank: d.levels.length + 1, minPoints: 0, roles: noRoles() }))}
      />
    </SettingsPanel>
  );
});

/** The VIP tiers, lowest first, each with its prices per currency, duration and rights. */
export const VipTiersPanel = observer(function VipTiersPanel({ store }: { store: SettingsAdminStore }) {
  const { t, i18n } = useTranslation();
  const draft = store.draft!;
  const tiers = draft.vipTiers;
  const assets = [...draft.currencies.map((currency) => currency.code), 'CREDIT'];
  return (
    <SettingsPanel store={store} section="vipTiers" hint={t('admin.settings.vipTiers.hint')}>
      <ul className="space-y-3">
        {tiers.map((tier, i) => (
          <RowCard
            key={i}
            path={`value[${i}]`}
            title={localize(tier.names, i18n.language) || tier.key || t('admin.settings.levels.new')}
            index={i}
            count={tiers.length}
            onMove={(step) => store.edit((d) => move(d.vipTiers, i, step))}
            onRemove={() => store.edit((d) => void d.vipTiers.splice(i, 1))}
          >
            <LevelHead store={store} path={`value[${i}]`} level={tier} />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <NumberInput path={`value[${i}].durationDays`} label={t('admin.settings.vipTiers.durationDays')} value={tier.durationDays} onChange={(v) => store.edit(() => (tier.durationDays = v))} />
              {assets.map((asset) => (
                <TextInput
                  key={asset}
                  path={`value[${i}].prices.${asset}`}
                  inputMode="decimal"
                  label={t('admin.settings.vipTiers.price', { asset: asset === 'CREDIT' ? t('admin.settings.vipTiers.credit') : asset })}
                  placeholder={t('admin.settings.vipTiers.notForSale')}
                  value={tier.prices?.[asset] ?? ''}
                  onChange={(v) =>
                    store.edit(() => {
                      const prices = { ...tier.prices };
                      if (v.trim() === '') delete prices[asset];
                      else prices[asset] = v.trim();
                      tier.prices = prices;
                    })
                  }
                />
              ))}
            </div>
            <RolesEditor store={store} path={`value[${i}].roles`} roles={tier.roles} />
          </RowCard>
        ))}
      </ul>
      <AddButton
        label={t('admin.settings.vipTiers.add')}
        onClick={() =>
          store.edit((d) => d.vipTiers.push({ key: '', icon: '', names: {}, rank: d.vipTiers.length + 1, roles: noRoles(), prices: {}, durationDays: 30 }))
        }
      />
    </SettingsPanel>
  );
});
