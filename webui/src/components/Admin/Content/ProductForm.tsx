import { ArrowUp, ImagePlus, Plus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_KINDS, type ProductKind } from '../../../api/adminProduct';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import { ProductFormStore } from '../../../stores/admin/ProductFormStore';
import { useStores } from '../../../stores/StoresContext';
import { RichEditor } from '../../Create/RichEditor';
import { Sheet } from '../../Overlay/Sheet';
import { InlineError } from '../common/InlineError';
import { FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON, SMALL_BUTTON } from '../common/styles';
import { ProductFormAccess } from './ProductFormAccess';
import { FieldError, FormGroup } from './ProductFormParts';
import { ProductFormDigital, ProductFormPrices } from './ProductFormPrices';
import { useFormStore, useSubmit } from './useFormStore';
import '../../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The product's images: URLs typed in or picked from the media library; the first is the thumb. */
const ImagesField = observer(function ImagesField({ store }: { store: ProductFormStore }) {
  const { media } = useStores();
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const pick = async () => {
    for (const item of await media.pick({ type: 'image', limit: 10 })) store.addImage(item.sourceUrl);
  };
  return (
    <FormGroup legend={t('admin.product.images')} store={store} field="images">
      {store.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" data-testid="product-images">
          {store.images.map((image, index) => (
            <li key={image} className="relative">
              <img src={image} alt="" className="size-20 rounded-lg object-cover ring-1 ring-zinc-200 dark:ring-zinc-700" />
              <span className="absolute right-1 top-1 flex gap-1">
                {index > 0 && (
                  <button type="button" className="rounded-full bg-white/90 p-0.5 text-zinc-700" aria-label={t('admin.product.moveImage')} onClick={() => store.moveImage(index)}>
                    <ArrowUp className="size-3" aria-hidden />
                  </button>
                )}
                <button type="button" className="rounded-full bg-white/90 p-0.5 text-zinc-700" aria-label={t('admin.product.removeImage')} onClick={() => store.removeImage(index)}>
                  <X className="size-3" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <input className={`${FIELD} min-w-0 flex-1`} type="url" placeholder="https://" aria-label={t('admin.product.imageUrl')} value={url} onChange={(e) => setUrl(e.target.value)} />
        <button
          type="button"
          className={SMALL_BUTTON}
          onClick={() => {
            store.addImage(url);
            setUrl('');
          }}
        >
          <Plus className="size-3.5" aria-hidden />
          {t('admin.product.addImage')}
        </button>
        <button type="button" className={SMALL_BUTTON} onClick={() => void pick()}>
          <ImagePlus className="size-3.5" aria-hidden />
          {t('admin.product.library')}
        </button>
      </div>
    </FormGroup>
  );
});

/** The product's texts per language: a title and a rich-text description. */
const TextsFields = observer(function TextsFields({ store }: { store: ProductFormStore }) {
  const { t } = useTranslation();
  return (
    <>
      <FormGroup legend={t('admin.product.titles')} store={store} field="titles">
        {LANGUAGES.map((lang) => (
          <input
            key={lang}
            className={FIELD}
            placeholder={NATIVE_NAME[lang]}
            aria-label={`${t('admin.product.title')} (${NATIVE_NAME[lang]})`}
            value={store.titles[lang]}
            maxLength={200}
            onChange={(e) => store.setTitle(lang, e.target.value)}
            data-testid={`product-title-${lang}`}
          />
        ))}
      </FormGroup>
      <FormGroup legend={t('admin.product.descriptions')} store={store} field="descriptions">
        {LANGUAGES.map((lang) => (
          <div key={`${lang}-${store.revision}`} className="rounded-xl ring-1 ring-zinc-200 dark:ring-zinc-700" data-testid={`product-description-${lang}`}>
            <RichEditor
              initialContent={store.descriptions[lang]}
              onChange={(html) => store.setDescription(lang, html)}
              label={`${t('admin.product.description')} (${NATIVE_NAME[lang]})`}
              placeholder={NATIVE_NAME[lang]}
            />
          </div>
        ))}
      </FormGroup>
    </>
  );
});

/** Slug, kind, category and tags. */
const FactsFields = observer(function FactsFields({ store }: { store: ProductFormStore }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className={LABEL}>
        {t('admin.product.slug')}
        <input className={FIELD} value={store.slug} pattern="[a-z0-9][a-z0-9\-]*" maxLength={80} required onChange={(e) => store.set('slug', e.target.value)} data-testid="product-slug" />
        <span className="font-normal text-zinc-500">{t('admin.product.slugHint')}</span>
        <FieldError store={store} field="slug" />
      </label>
      <label className={LABEL}>
        {t('admin.product.kind')}
        <select className={FIELD} value={store.kind} onChange={(e) => store.set('kind', e.target.value as ProductKind)} data-testid="product-kind">
          {PRODUCT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`shop.kind.${kind}`)}
            </option>
          ))}
        </select>
        <FieldError store={store} field="kind" />
      </label>
      <label className={LABEL}>
        {t('admin.product.category')}
        <select className={FIELD} value={store.categoryId} onChange={(e) => store.set('categoryId', e.target.value)} data-testid="product-category">
          <option value="">{t('admin.product.none')}</option>
          {store.choices.categories.map((category) => (
            <option key={category.key} value={category.key}>
              {category.name}
            </option>
          ))}
        </select>
        <FieldError store={store} field="categoryId" />
      </label>
      <label className={LABEL}>
        {t('admin.product.tags')}
        <input className={FIELD} value={store.tags} placeholder={t('admin.product.tagsHint')} onChange={(e) => store.set('tags', e.target.value)} />
        <FieldError store={store} field="tags" />
      </label>
    </div>
  );
});

export interface ProductFormProps {
  /** The product to edit, "new" for a new one, null while closed. */
  productId: string | null;
  onClose: () => void;
  /** Called with the product's id after each save. */
  onSaved: (id: string) => void;
}

/**
 * The product form of the content screen: every language's title and description, slug, kind,
 * category, tags, images, prices per currency and stock or variants, a digital delivery, who may
 * buy it and the VIP discounts; saved through mutates.saveProduct with refusals shown at the field
 * the server names.
 */
export const ProductForm = observer(function ProductForm({ productId, onClose, onSaved }: ProductFormProps) {
  const root = useStores();
  const { t } = useTranslation();
  const store = useFormStore(
    productId,
    () => new ProductFormStore(root),
    (next, id) => next.load(id),
    onClose,
  );

  const submit = useSubmit(store, onSaved);

  const title = store?.id ? t('admin.product.edit') : t('admin.product.new');
  return (
    <Sheet open={productId !== null} onOpenChange={(open) => !open && onClose()} title={title} side="right" className="overflow-y-auto sm:max-w-2xl">
      {store?.isLoaded ? (
        <form className="flex flex-col gap-5 p-5" onSubmit={submit} data-testid="product-form" data-id={store.id ?? ''}>
          <TextsFields store={store} />
          <FactsFields store={store} />
          <ImagesField store={store} />
          <ProductFormPrices store={store} />
          <ProductFormDigital store={store} />
          <ProductFormAccess store={store} />
          <InlineError message={store.errors.get('form')} testId="product-error-form" />
          <div className="flex justify-end gap-2">
            <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
              {t('admin.product.close')}
            </button>
            <button type="submit" className={PRIMARY_BUTTON} disabled={store.isSaving} data-testid="product-save">
              {t('admin.product.save')}
            </button>
          </div>
        </form>
      ) : (
        <p className="p-5 text-sm text-zinc-500">{t('admin.product.loading')}</p>
      )}
    </Sheet>
  );
});
