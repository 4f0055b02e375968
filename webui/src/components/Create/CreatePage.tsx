import { FileText, Send } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams, type SetURLSearchParams } from 'react-router';
import { copyDraft, isDraftKind, newDraft, type Draft, type DraftKind } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { PRIMARY_BUTTON } from '../Login/fields';
import { ArticleFields } from './ArticleFields';
import { BountyFields } from './BountyFields';
import { CreateForm } from './CreateForm';
import { DraftsSheet } from './DraftsSheet';
import { Choice, ChoiceGroup, errorId, Field, FieldMessage, SECONDARY_ACTION, TEXT_INPUT } from './FormParts';
import { GatePicker } from './GatePicker';
import { NodePicker } from './NodePicker';
import { RichEditor } from './RichEditor';
import { ARTICLE_TITLE_MAX, TOPIC_TITLE_MAX } from './submission';
import { VoteFields } from './VoteFields';
import { EDIT_PARAM } from './editing';
import { EditPage, EditingBanner, useLeaveWarning } from './EditPage';

/** The kind the page opens with: ?type=, when the viewer may write it; a normal topic otherwise. */
export function kindFromQuery(type: string | null, canWriteArticles: boolean): DraftKind {
  if (!isDraftKind(type)) return 'normal';
  return type === 'article' && !canWriteArticles ? 'normal' : type;
}

/** Sets (or, with null, removes) one query parameter in place of the current entry of the history. */
function replaceQuery(setParams: SetURLSearchParams, name: string, value: string | null) {
  setParams(
    (current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    },
    { replace: true },
  );
}

/**
 * /create for a member (SPEC §2): a topic (normal, bounty or vote) in a node, or an article for
 * administrators; with ?edit=article:<id> or ?edit=topic:<id>, an existing one (EditPage).
 */
export default observer(function CreatePage() {
  const [params] = useSearchParams();
  const edit = params.get(EDIT_PARAM);
  if (edit !== null) {
    return (
      <EditPage key={edit} value={edit}>
        {(form) => <Composer form={form} />}
      </EditPage>
    );
  }
  return <NewContent />;
});

/** A new piece: it starts blank, of the kind ?type= asks for, in the node ?node= names. */
const NewContent = observer(function NewContent() {
  const root = useStores();
  const [params] = useSearchParams();
  const [form] = useState(
    () => new CreateForm(root, newDraft(kindFromQuery(params.get('type'), root.auth.viewer?.data.gqRoles?.isAdmin === true), { nodeId: params.get('node') ?? '' })),
  );
  return <Composer form={form} />;
});

/**
 * The form of /create: what is written is kept as a draft as it changes; the drafts list restores
 * or deletes them. Publishing runs SPEC §5's checks, then the server's, and opens what was
 * published. An edited item (form.editing) is not a draft: leaving with changes is warned about,
 * and saving opens the item's page.
 */
export const Composer = observer(function Composer({ form }: { form: CreateForm }) {
  const root = useStores();
  const { drafts } = root;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const now = useNow();
  const [showDrafts, setShowDrafts] = useState(false);
  const { draft } = form;
  const type = params.get('type');

  // ?drafts=1 (the create panel's drafts link) opens the list, also when the page is open already.
  const askedForDrafts = params.get('drafts') === '1' && form.editing === null;
  useEffect(() => {
    if (!askedForDrafts) return;
    setShowDrafts(true);
    replaceQuery(setParams, 'drafts', null);
  }, [askedForDrafts, setParams]);

  // The create panel's entries change ?type= while the page is open: the form follows (the first
  // value already chose the blank draft's kind; a restored draft may be of another).
  const openedType = useRef(type);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (type === openedType.current) return;
    openedType.current = type;
    if (type) form.setKind(kindFromQuery(type, form.canWriteArticles));
  }, [form, type]);

  // Typing not yet saved is written when the page goes away.
  useEffect(() => {
    const flush = () => drafts.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [drafts]);

  const chooseKind = (kind: DraftKind) => {
    form.setKind(kind);
    replaceQuery(setParams, 'type', kind);
  };

  const restore = (saved: Draft) => {
    drafts.flush();
    form.replace(copyDraft(saved));
    setShowDrafts(false);
  };

  const startOver = (deleted: Draft) => {
    if (deleted.id === form.draft.id) form.replace(newDraft(form.draft.kind, { nodeId: form.draft.nodeId }));
  };

  const saveNow = () => {
    drafts.save(form.draft);
    root.toasts.success(t(drafts.get(form.draft.id) ? 'page.create.drafts.saved' : 'page.create.drafts.nothing'));
  };

  const publish = async () => {
    const path = await form.submit();
    if (path) {
      navigate(path);
      return;
    }
    // The first field in error takes the focus (the editor marks itself after this render).
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  useLeaveWarning(form.hasChanges);
  const editing = form.editing !== null;

  const kinds: DraftKind[] = form.canWriteArticles ? ['normal', 'bounty', 'vote', 'article'] : ['normal', 'bounty', 'vote'];
  const titleMax = form.isArticle ? ARTICLE_TITLE_MAX : TOPIC_TITLE_MAX;
  const saved = drafts.get(draft.id);

  return (
    <>
      <form
        ref={formRef}
        noValidate
        data-testid="create-form"
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          void publish();
        }}
        onKeyDown={(event) => {
          // Enter in a one-line field does not publish half a topic: only the button does.
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
        }}
      >
        {editing ? (
          <EditingBanner form={form} />
        ) : (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <ChoiceGroup legend={t('page.create.kind.label')} id={`${id}-kind`}>
              {kinds.map((kind) => (
                <Choice key={kind} name={`${id}-kind`} value={kind} checked={draft.kind === kind} onSelect={() => chooseKind(kind)} testId={`kind-${kind}`}>
                  {t(`page.create.kind.${kind}`)}
                </Choice>
              ))}
            </ChoiceGroup>
            <button type="button" onClick={() => setShowDrafts(true)} className={`${SECONDARY_ACTION} h-9`} data-testid="open-drafts">
              <FileText className="size-4" aria-hidden />
              {t('page.create.drafts.open', { count: drafts.count })}
            </button>
          </div>
        )}

        {!form.isArticle && !editing && <NodePicker form={form} />}

        <Field id={`${id}-title`} label={t('page.create.titleLabel')} required error={form.errors.title}>
          <div className="relative">
            <input
              id={`${id}-title`}
              type="text"
              value={draft.title}
              maxLength={titleMax}
              onChange={(event) => form.setTitle(event.target.value)}
              placeholder={t('page.create.titlePlaceholder')}
              aria-invalid={form.errors.title ? true : undefined}
              aria-describedby={form.errors.title ? errorId(`${id}-title`) : undefined}
              data-testid="create-title"
              className={`${TEXT_INPUT} pr-16 text-base font-medium`}
            />
            <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-xs tabular-nums text-zinc-400" aria-hidden>
              {draft.title.length}/{titleMax}
            </span>
          </div>
        </Field>

        <div>
          <p id={`${id}-content-label`} className="mb-1.5 text-sm font-medium">
            {t('page.create.contentLabel')} <span className="text-rose-600" aria-hidden>*</span>
          </p>
          <RichEditor
            key={draft.id}
            initialContent={draft.content}
            onChange={(html) => form.setContent(html)}
            label={t('page.create.contentLabel')}
            placeholder={t('page.create.contentPlaceholder')}
            invalid={Boolean(form.errors.content)}
            errorId={errorId(`${id}-content`)}
          />
          <FieldMessage id={`${id}-content`} error={form.errors.content} />
          <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t('page.create.pasteHint')}</p>
        </div>

        {draft.kind === 'bounty' && !editing && <BountyFields form={form} />}
        {draft.kind === 'vote' && !editing && <VoteFields form={form} />}
        {draft.kind === 'article' && <ArticleFields form={form} />}

        <GatePicker form={form} />

        <div className="flex flex-col-reverse gap-3 border-t border-zinc-100 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
          <p className="text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
            {editing
              ? t(form.hasChanges ? 'page.create.edit.unsaved' : 'page.create.edit.noChanges')
              : saved
                ? t('page.create.drafts.savedAt', { time: relativeTime(saved.updatedAt, now, t) })
                : t('page.create.drafts.autosave')}
          </p>
          <div className="flex gap-2">
            {!editing && (
              <button type="button" onClick={saveNow} className={`${SECONDARY_ACTION} h-11 whitespace-nowrap`} data-testid="save-draft">
                {t('page.create.drafts.save')}
              </button>
            )}
            <button type="submit" disabled={form.isSubmitting} aria-busy={form.isSubmitting} className={`${PRIMARY_BUTTON} sm:w-auto`} data-testid="create-submit">
              <Send className="size-4" aria-hidden />
              {form.isSubmitting
                ? t(editing ? 'page.create.edit.saving' : 'page.create.publishing')
                : t(editing ? 'page.create.edit.save' : draft.kind === 'article' ? 'page.create.publishArticle' : 'page.create.publish')}
            </button>
          </div>
        </div>
      </form>
      <DraftsSheet open={showDrafts} onOpenChange={setShowDrafts} currentId={draft.id} onRestore={restore} onDeleted={startOver} />
    </>
  );
});
