import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { TERM_KINDS, type TermKind } from '../../../api/adminNodes';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import { TermFormStore, type TermField } from '../../../stores/admin/TermFormStore';
import { useStores } from '../../../stores/StoresContext';
import { Sheet } from '../../Overlay/Sheet';
import { InlineError } from '../common/InlineError';
import { FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../common/styles';
import { FormFieldError } from './FormFieldError';
import { useFormStore, useSubmit } from './useFormStore';

/** The refusal the server named this field for, under it. */
function TermFieldError({ store, field }: { store: TermFormStore; field: TermField }) {
  return <FormFieldError store={store} field={field} form="term" />;
}

export interface TermFormProps {
  /** The term to edit, "new" for a new one, null while closed. */
  termId: string | null;
  onClose: () => void;
  /** Called with the term's id after each save. */
  onSaved: (id: string) => void;
}

/**
 * The category and tag form of the content screen (article and shop terms): the kind (on
 * create only), the slug and the name in every language, saved through admin.saveTerm with
 * refusals shown at the field the server names.
 */
export const TermForm = observer(function TermForm({ termId, onClose, onSaved }: TermFormProps) {
  const root = useStores();
  const { t } = useTranslation();
  const store = useFormStore(
    termId,
    () => new TermFormStore(root),
    (next, id) => next.load(id),
    onClose,
  );

  const submit = useSubmit(store, onSaved);

  return (
    <Sheet open={termId !== null} onOpenChange={(open) => !open && onClose()} title={t(store?.id ? 'admin.term.edit' : 'admin.term.new')} side="right" className="overflow-y-auto sm:max-w-xl">
      {store?.isLoaded ? (
        <form className="flex flex-col gap-5 p-5" onSubmit={submit} data-testid="term-form" data-id={store.id ?? ''}>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className={LABEL}>
              {t('admin.term.kindLabel')}
              <select className={FIELD} value={store.kind} disabled={store.id !== null} onChange={(e) => store.setKind(e.target.value as TermKind)} data-testid="term-kind">
                {TERM_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`admin.term.kind.${kind}`)}
                  </option>
                ))}
              </select>
              <TermFieldError store={store} field="kind" />
            </label>
            <label className={LABEL}>
              {t('admin.term.slug')}
              <input className={FIELD} value={store.slug} maxLength={80} required onChange={(e) => store.setSlug(e.target.value)} data-testid="term-slug" />
              <span className="font-normal text-zinc-500">{t('admin.term.slugHint')}</span>
              <TermFieldError store={store} field="slug" />
            </label>
          </div>
          <fieldset className="flex flex-col gap-2" aria-invalid={store.errors.has('names') || undefined}>
            <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('admin.term.names')}</legend>
            {LANGUAGES.map((lang) => (
              <input
                key={lang}
                className={FIELD}
                placeholder={NATIVE_NAME[lang]}
                aria-label={`${t('admin.term.name')} (${NATIVE_NAME[lang]})`}
                value={store.names[lang]}
                maxLength={60}
                onChange={(e) => store.setName(lang, e.target.value)}
                data-testid={`term-name-${lang}`}
              />
            ))}
            <TermFieldError store={store} field="names" />
          </fieldset>
          <InlineError message={store.errors.get('form')} testId="term-error-form" />
          <div className="flex justify-end gap-2">
            <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
              {t('admin.term.close')}
            </button>
            <button type="submit" className={PRIMARY_BUTTON} disabled={store.isSaving} data-testid="term-save">
              {t('admin.term.save')}
            </button>
          </div>
        </form>
      ) : (
        <p className="p-5 text-sm text-zinc-500">{t('admin.term.loading')}</p>
      )}
    </Sheet>
  );
});
