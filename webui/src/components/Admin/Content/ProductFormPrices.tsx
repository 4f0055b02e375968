import { Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DIGITAL_TYPES, type DigitalType } from '../../../api/adminProduct';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import type { ProductFormStore } from '../../../stores/admin/ProductFormStore';
import { FIELD, LABEL, SMALL_BUTTON } from '../common/styles';
import { FieldError, FormGroup } from './ProductFormParts';

/**
 * The product's prices and stock: one price per currency and a stock, or variants (a name per
 * language, prices, stock) once a second one is added. A blank price is no price in that currency.
 */
export const ProductFormPrices = observer(function ProductFormPrices({ store }: { store: ProductFormStore }) {
  const { t } = useTranslation();
  const named = store.hasVariants;
  const codeStock = store.kind === 'digital' && store.digitalType === 'code';
  return (
    <FormGroup legend={t('admin.product.prices')} store={store} field="variants">
      {store.variants.map((variant, index) => (
        <div key={variant.id ?? `new-${index}`} className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-zinc-200 dark:ring-zinc-700" data-testid="product-variant">
          {named && (
            <div className="grid gap-2 sm:grid-cols-3">
              {LANGUAGES.map((lang) => (
                <input
                  key={lang}
                  className={FIELD}
                  placeholder={`${t('admin.product.variantName')} (${NATIVE_NAME[lang]})`}
                  aria-label={`${t('admin.product.variantName')} (${NATIVE_NAME[lang]})`}
                  value={variant.names[lang]}
                  maxLength={80}
                  onChange={(e) => store.setVariant(index, { name: [lang, e.target.value] })}
                />
              ))}
            </div>
          )}
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {store.choices.currencies.map((currency) => (
              <label key={currency.code} className={LABEL}>
                {currency.symbol ? `${currency.code} (${currency.symbol})` : t('admin.product.credit')}
                <input
                  className={FIELD}
                  inputMode="decimal"
                  value={variant.prices[currency.code] ?? ''}
                  onChange={(e) => store.setPrice(index, currency.code, e.target.value)}
                  data-testid={`product-price-${currency.code}`}
                />
              </label>
            ))}
            <label className={LABEL}>
              {codeStock ? t('admin.product.freeCodes') : t('admin.product.stock')}
              <input
                className={FIELD}
                type="number"
                min={0}
                value={codeStock && index === 0 ? String(store.freeCodes) : variant.stock}
                readOnly={codeStock}
                onChange={(e) => store.setVariant(index, { stock: e.target.value })}
                data-testid="product-stock"
              />
            </label>
          </div>
          {store.variants.length > 1 && (
            <button type="button" className={`${SMALL_BUTTON} self-end`} onClick={() => store.removeVariant(index)}>
              <Trash2 className="size-3.5" aria-hidden />
              {t('admin.product.removeVariant')}
            </button>
          )}
        </div>
      ))}
      <FieldError store={store} field="prices" />
      <FieldError store={store} field="stock" />
      <button type="button" className={`${SMALL_BUTTON} self-start`} onClick={() => store.addVariant()} data-testid="product-add-variant">
        <Plus className="size-3.5" aria-hidden />
        {t('admin.product.addVariant')}
      </button>
    </FormGroup>
  );
});

/** A digital product's delivery: a download's URL, or codes to add (the ones held are only counted). */
export const ProductFormDigital = observer(function ProductFormDigital({ store }: { store: ProductFormStore }) {
  const { t } = useTranslation();
  if (store.kind !== 'digital') return null;
  return (
    <FormGroup legend={t('admin.product.delivery')} store={store} field="digital">
      <select
        className={FIELD}
        value={store.digitalType}
        aria-label={t('admin.product.delivery')}
        onChange={(e) => store.set('digitalType', e.target.value as DigitalType)}
      >
        {DIGITAL_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`admin.product.digital.${type}`)}
          </option>
        ))}
      </select>
      {store.digitalType === 'download' ? (
        <input
          className={FIELD}
          type="url"
          placeholder="https://"
          aria-label={t('admin.product.downloadUrl')}
          value={store.digitalUrl}
          onChange={(e) => store.set('digitalUrl', e.target.value)}
        />
      ) : (
        <label className={LABEL}>
          {t('admin.product.newCodes', { count: store.freeCodes })}
          <textarea className={`${FIELD} h-24 py-2 font-mono text-xs`} value={store.newCodes} onChange={(e) => store.set('newCodes', e.target.value)} />
        </label>
      )}
    </FormGroup>
  );
});
