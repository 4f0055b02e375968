import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ProductFormStore } from '../../../stores/admin/ProductFormStore';
import { FIELD, LABEL } from '../common/styles';
import { FieldError, FormGroup } from './ProductFormParts';

/** Who may buy the product (VIP tiers, a minimum level) and the VIP tiers' percent off. */
export const ProductFormAccess = observer(function ProductFormAccess({ store }: { store: ProductFormStore }) {
  const { t } = useTranslation();
  const { vipTiers, levels } = store.choices;
  return (
    <>
      {vipTiers.length > 0 && (
        <FormGroup legend={t('admin.product.vipOnly')} store={store} field="vipOnly">
          <div className="flex flex-wrap gap-3">
            {vipTiers.map((tier) => (
              <label key={tier.key} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={store.vipOnly.includes(tier.key)} onChange={() => store.toggleVipOnly(tier.key)} />
                {tier.name}
              </label>
            ))}
          </div>
          <span className="text-xs text-zinc-500">{t('admin.product.vipOnlyHint')}</span>
        </FormGroup>
      )}
      <label className={LABEL}>
        {t('admin.product.minLevel')}
        <select className={FIELD} value={store.minLevel} onChange={(e) => store.set('minLevel', e.target.value)}>
          <option value="">{t('admin.product.none')}</option>
          {levels.map((level) => (
            <option key={level.key} value={level.key}>
              {level.name}
            </option>
          ))}
        </select>
        <FieldError store={store} field="minLevel" />
      </label>
      {vipTiers.length > 0 && (
        <FormGroup legend={t('admin.product.vipDiscounts')} store={store} field="vipDiscounts">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {vipTiers.map((tier) => (
              <label key={tier.key} className={LABEL}>
                {tier.name} (%)
                <input
                  className={FIELD}
                  type="number"
                  min={0}
                  max={100}
                  value={store.vipDiscounts[tier.key] ?? ''}
                  onChange={(e) => store.setDiscount(tier.key, e.target.value)}
                />
              </label>
            ))}
          </div>
        </FormGroup>
      )}
    </>
  );
});
