import { observer } from 'mobx-react-lite';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JOIN_TYPES, type JoinType, type NodeKind, type TaxonomyOption } from '../../../api/adminNodes';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import { NodeFormStore, type NodeField } from '../../../stores/admin/NodeFormStore';
import { useStores } from '../../../stores/StoresContext';
import { Sheet } from '../../Overlay/Sheet';
import { InlineError } from '../common/InlineError';
import { FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../common/styles';
import { FormFieldError } from './FormFieldError';
import { useFormStore, useSubmit } from './useFormStore';

/** The refusal the server named this field for, under it. */
function NodeFieldError({ store, field }: { store: NodeFormStore; field: NodeField }) {
  return <FormFieldError store={store} field={field} form="node" />;
}

/** A labelled control with the error of the field it edits. */
function Field({ label, store, field, children }: { label: string; store: NodeFormStore; field: NodeField; children: ReactNode }) {
  return (
    <label className={LABEL}>
      {label}
      {children}
      <NodeFieldError store={store} field={field} />
    </label>
  );
}

/** A picker of the server's choices, "none" first. */
function ChoiceSelect({ value, options, onChange, testId }: { value: string; options: TaxonomyOption[]; onChange: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <select className={FIELD} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      <option value="">{t('admin.node.none')}</option>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

/** Names and descriptions, one input of each per language. */
const TextsFields = observer(function TextsFields({ store }: { store: NodeFormStore }) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-invalid={store.errors.has('names') || undefined}>
        <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('admin.node.names')}</legend>
        {LANGUAGES.map((lang) => (
          <input
            key={lang}
            className={FIELD}
            placeholder={NATIVE_NAME[lang]}
            aria-label={`${t('admin.node.name')} (${NATIVE_NAME[lang]})`}
            value={store.names[lang]}
            maxLength={60}
            onChange={(e) => store.setName(lang, e.target.value)}
            data-testid={`node-name-${lang}`}
          />
        ))}
        <NodeFieldError store={store} field="names" />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('admin.node.descriptions')}</legend>
        {LANGUAGES.map((lang) => (
          <textarea
            key={lang}
            className={FIELD}
            rows={2}
            placeholder={NATIVE_NAME[lang]}
            aria-label={`${t('admin.node.description')} (${NATIVE_NAME[lang]})`}
            value={store.descriptions[lang]}
            maxLength={1000}
            onChange={(e) => store.setDescription(lang, e.target.value)}
            data-testid={`node-description-${lang}`}
          />
        ))}
        <NodeFieldError store={store} field="descriptions" />
      </fieldset>
    </>
  );
});

/** Slug, category, picture, type and position. */
const FactsFields = observer(function FactsFields({ store }: { store: NodeFormStore }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={t('admin.node.slug')} store={store} field="slug">
        <input className={FIELD} value={store.slug} maxLength={80} required onChange={(e) => store.set('slug', e.target.value)} data-testid="node-slug" />
        <span className="font-normal text-zinc-500">{t('admin.node.slugHint')}</span>
      </Field>
      {store.kind === 'node' && (
        <Field label={t('admin.node.category')} store={store} field="categoryId">
          <ChoiceSelect value={store.categoryId} options={store.choices.categories} onChange={(value) => store.set('categoryId', value)} testId="node-category" />
        </Field>
      )}
      <Field label={t('admin.node.thumb')} store={store} field="thumb">
        <input className={FIELD} type="text" inputMode="url" placeholder="https://" value={store.thumb} onChange={(e) => store.set('thumb', e.target.value)} data-testid="node-thumb" />
      </Field>
      <Field label={t('admin.node.position')} store={store} field="position">
        <input className={FIELD} type="number" min={0} value={store.position} onChange={(e) => store.set('position', e.target.value)} data-testid="node-position" />
      </Field>
      {store.kind === 'node' && (
        <Field label={t('admin.node.nodeType')} store={store} field="nodeType">
          <input className={FIELD} value={store.nodeType} placeholder="forum" maxLength={32} onChange={(e) => store.set('nodeType', e.target.value)} />
        </Field>
      )}
      <Field label={t('admin.node.admins')} store={store} field="admins">
        <input className={FIELD} value={store.admins} placeholder={t('admin.node.adminsHint')} onChange={(e) => store.set('admins', e.target.value)} data-testid="node-admins" />
      </Field>
    </div>
  );
});

/** How members join: free, paid (asset and amount), level-gated or by the admins only. */
const JoinFields = observer(function JoinFields({ store }: { store: NodeFormStore }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={t('admin.node.joinType')} store={store} field="joinType">
        <select className={FIELD} value={store.joinType} onChange={(e) => store.set('joinType', e.target.value as JoinType)} data-testid="node-join-type">
          {JOIN_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.node.join.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      {store.joinType === 'money' && (
        <>
          <Field label={t('admin.node.joinAsset')} store={store} field="joinAsset">
            <ChoiceSelect value={store.joinAsset} options={store.choices.assets} onChange={(value) => store.set('joinAsset', value)} testId="node-join-asset" />
          </Field>
          <Field label={t('admin.node.joinAmount')} store={store} field="joinAmount">
            <input className={FIELD} type="number" min={1} value={store.joinAmount} onChange={(e) => store.set('joinAmount', e.target.value)} data-testid="node-join-amount" />
          </Field>
        </>
      )}
      {store.joinType === 'level' && (
        <Field label={t('admin.node.joinLevel')} store={store} field="joinLevel">
          <ChoiceSelect value={store.joinLevel} options={store.choices.levels} onChange={(value) => store.set('joinLevel', value)} testId="node-join-level" />
        </Field>
      )}
    </div>
  );
});

export interface NodeFormProps {
  /** The kind a new row gets. */
  kind: NodeKind;
  /** The row to edit, "new" for a new one, null while closed. */
  nodeId: string | null;
  onClose: () => void;
  /** Called with the row's id after each save. */
  onSaved: (id: string) => void;
}

/**
 * The node and category form of the content screen: names and descriptions in every language,
 * slug, category, picture, position, admins and how members join; saved through admin.saveNode
 * with refusals shown at the field the server names.
 */
export const NodeForm = observer(function NodeForm({ kind, nodeId, onClose, onSaved }: NodeFormProps) {
  const root = useStores();
  const { t } = useTranslation();
  const store = useFormStore(
    nodeId,
    () => new NodeFormStore(root),
    (next, id) => next.load(id, kind),
    onClose,
    kind,
  );

  const submit = useSubmit(store, onSaved);

  const formKind = store?.kind ?? kind;
  const title = t(store?.id ? `admin.node.edit.${formKind}` : `admin.node.new.${formKind}`);
  return (
    <Sheet open={nodeId !== null} onOpenChange={(open) => !open && onClose()} title={title} side="right" className="overflow-y-auto sm:max-w-2xl">
      {store?.isLoaded ? (
        <form className="flex flex-col gap-5 p-5" onSubmit={submit} data-testid="node-form" data-id={store.id ?? ''}>
          <TextsFields store={store} />
          <FactsFields store={store} />
          {store.kind === 'node' && <JoinFields store={store} />}
          <InlineError message={store.errors.get('form') ?? store.errors.get('kind')} testId="node-error-form" />
          <div className="flex justify-end gap-2">
            <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
              {t('admin.node.close')}
            </button>
            <button type="submit" className={PRIMARY_BUTTON} disabled={store.isSaving} data-testid="node-save">
              {t('admin.node.save')}
            </button>
          </div>
        </form>
      ) : (
        <p className="p-5 text-sm text-zinc-500">{t('admin.node.loading')}</p>
      )}
    </Sheet>
  );
});
