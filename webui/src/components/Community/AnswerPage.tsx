import { ArrowRight } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TopicView } from '../../api/wire.gen';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import type { CommunityPageContent } from '../../stores/community/pageContent';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { GateBox } from '../Content/GateBox';
import { AnswerItem } from './AnswerItem';
import { CommunityTrail } from './CommunityTrail';
import { topicPath } from './paths';
import { TopicCard } from './TopicCard';
import { useTopicThread } from './TopicPage';

/** An answer's page (the answer view): its topic summed up, then the answer with its comments open. */
export const AnswerPage = observer(function AnswerPage({ path, content }: { path: string; content: CommunityPageContent & { topic: TopicView } }) {
  const { pages } = useStores();
  const { t } = useTranslation();
  const thread = useTopicThread(path, content, false);
  const { topic } = thread;
  const answer = content.answer ? thread.answers.get(content.answer.databaseId) : undefined;
  useDocumentTitle(answer ? t('page.community.answer.pageTitle', { name: answer.author.name, title: topic.title }) : topic.title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-5 sm:py-8">
      <CommunityTrail node={thread.node} />
      <TopicCard topic={topic} />
      <div className="mt-3 flex justify-end">
        <LocalizedLink to={topicPath(topic)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('page.community.answer.allAnswers', { count: topic.answerCount })}
          <ArrowRight className="size-4" aria-hidden />
        </LocalizedLink>
      </div>
      <div className="mt-6">
        {answer ? (
          <AnswerItem answer={answer} thread={thread} open />
        ) : topic.locked ? (
          <GateBox targetType="topic" targetId={topic.databaseId} gate={topic.gate} roles={topic.roles} onUnlocked={() => void pages.load(path, true)} />
        ) : (
          <p role="status" className="rounded-2xl bg-zinc-50 p-4 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            {t('page.community.answer.deletedNotice')}
          </p>
        )}
      </div>
    </section>
  );
});
