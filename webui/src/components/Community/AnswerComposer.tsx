import { LogIn, SendHorizontal } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicThread } from '../../stores/community/TopicThread';
import { htmlText } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { useNow } from '../../utils/useNow';
import { SmallSpinner } from '../common/SmallSpinner';
import { mayPostIn } from '../Create/CreateForm';
import { PRIMARY_BUTTON } from '../Wallet/buttons';
import { JoinButton } from './JoinButton';

/** The create page's editor, loaded when a member may answer (it is large). */
const RichEditor = lazy(() => import('../Create/RichEditor').then((module) => ({ default: module.RichEditor })));

const NOTICE = 'rounded-2xl bg-zinc-50 p-4 text-sm text-zinc-600 ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-white/10';

/**
 * The box to answer a topic (mutates.createAnswer) with the rich-text editor of the create page.
 * A topic that takes no more answers (deleted, its bounty settled, its deadline passed) shows why
 * instead; a guest sees a button that opens the login box; a member of a node they must join
 * first is offered to join it. The text stays when the send fails.
 */
export const AnswerComposer = observer(function AnswerComposer({ thread }: { thread: TopicThread }) {
  const { auth, openLogin, community } = useStores();
  const { t } = useTranslation();
  const now = useNow(1000);
  const [html, setHtml] = useState('');
  /** A new editor (empty) after each answer sent. */
  const [editorKey, setEditorKey] = useState(0);
  const closed = thread.closedReason(now);
  const viewer = auth.viewer?.data;

  if (closed) {
    return (
      <p role="status" data-testid="answers-closed" className={NOTICE}>
        {t(`page.community.answer.closed.${closed}`)}
      </p>
    );
  }
  if (!viewer) {
    return (
      <div className={`flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between ${NOTICE}`}>
        <p>{t('page.community.answer.loginToAnswer')}</p>
        <button type="button" onClick={() => openLogin()} className={PRIMARY_BUTTON}>
          <LogIn className="size-4" aria-hidden />
          {t('content.comments.login')}
        </button>
      </div>
    );
  }
  const node = thread.node ? community.current(thread.node) : null;
  if (node && !mayPostIn(node, { databaseId: viewer.databaseId, isAdmin: thread.isAdmin })) {
    return (
      <div className={`flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between ${NOTICE}`} data-testid="join-to-answer">
        <p>{t('page.community.answer.joinToAnswer')}</p>
        <JoinButton node={node} />
      </div>
    );
  }

  const blocked = htmlText(html) === '' || thread.isAnswering;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    if (await thread.answer(html)) {
      setHtml('');
      setEditorKey((key) => key + 1);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} data-testid="answer-composer">
      <h3 className="mb-2 text-sm font-semibold">{t('page.community.answer.write')}</h3>
      <Suspense
        fallback={
          <div className="grid h-40 place-items-center rounded-2xl ring-1 ring-zinc-900/10 dark:ring-white/10">
            <SmallSpinner />
          </div>
        }
      >
        <RichEditor key={editorKey} initialContent="" onChange={setHtml} label={t('page.community.answer.write')} placeholder={t('page.community.answer.placeholder')} />
      </Suspense>
      <div className="mt-3 flex justify-end">
        <button type="submit" disabled={blocked} aria-busy={thread.isAnswering} className={PRIMARY_BUTTON}>
          <SendHorizontal className="size-4" aria-hidden />
          {thread.isAnswering ? t('page.community.answer.sending') : t('page.community.answer.send')}
        </button>
      </div>
    </form>
  );
});
