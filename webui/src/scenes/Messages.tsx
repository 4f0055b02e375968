import { MessagesSquare, UserX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../components/Feedback/EmptyState';
import { LoginPrompt } from '../components/Feedback/LoginPrompt';
import { PageSpinner } from '../components/Feedback/Spinner';
import { ConversationLists } from '../components/Messages/ConversationLists';
import { ConversationView } from '../components/Messages/ConversationView';
import { LockOverlay } from '../components/Messages/LockOverlay';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { useStores } from '../stores/StoresContext';
import '../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * /messages and /messages/:slug (a push's link): the private messages as a page, the conversation
 * with the member of the slug open. The lists beside the conversation on wider screens, one or the
 * other on phones, as in the message box.
 */
export const Messages = observer(function Messages() {
  const { slug } = useParams();
  const { auth, messages, ui } = useStores();
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  useDocumentTitle(t('message.title'));
  const viewerId = auth.viewer?.data.databaseId;

  useEffect(() => {
    messages.showOnPage(true);
    return () => messages.showOnPage(false);
  }, [messages]);

  useEffect(() => {
    setMissing(false);
    if (!viewerId) return;
    if (!slug) {
      messages.closeConversation();
      return;
    }
    let current = true;
    void messages.openBySlug(slug).then((found) => current && setMissing(!found));
    return () => {
      current = false;
    };
  }, [messages, slug, viewerId]);

  // A session cookie says the viewer is on the way: wait for it rather than ask to log in.
  if (!auth.isLoggedIn && auth.hasSession && !auth.isLoaded) return <PageSpinner />;
  if (!auth.isLoggedIn) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <LoginPrompt icon={MessagesSquare} title={t('message.page.loginRequired')} />
      </section>
    );
  }

  const mobile = ui.isMobile;
  const conversation = messages.active;
  const locked = !messages.canMessage;
  return (
    <section
      data-testid="messages-page"
      aria-label={t('message.title')}
      className="mx-auto flex h-[calc(100dvh-10.5rem)] w-full max-w-[var(--site-width,72rem)] sm:px-5 sm:py-6 lg:h-[calc(100dvh-3.75rem)]"
    >
      <div className="relative flex min-h-0 flex-1 overflow-hidden bg-white sm:rounded-2xl sm:border sm:border-zinc-200 dark:bg-zinc-900 sm:dark:border-zinc-800">
        <div className="flex min-h-0 flex-1" inert={locked}>
          {(!mobile || !conversation) && (
            <ConversationLists className={mobile ? 'w-full' : 'w-72 shrink-0 border-r border-zinc-100 dark:border-zinc-800'} />
          )}
          {(!mobile || conversation) &&
            (conversation ? (
              <ConversationView key={conversation.peerId} conversation={conversation} />
            ) : (
              <div className="hidden flex-1 items-center justify-center p-8 sm:flex">
                <EmptyState icon={missing ? UserX : MessagesSquare} title={t(missing ? 'message.page.notFound' : 'message.pick')} />
              </div>
            ))}
        </div>
        {locked && <LockOverlay />}
      </div>
    </section>
  );
});
