import { FileText, MessageSquareText, MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PROFILE_TABS, type ProfileLists, type ProfileTab } from '../../stores/profile/ProfileLists';
import { useStores } from '../../stores/StoresContext';
import { RelayFeed } from '../common/RelayFeed';
import { ArticleCard } from '../Content/ArticleCard';
import { TopicCard } from '../Community/TopicCard';
import { AnswerCard } from './AnswerCard';
import { DraftsList } from './DraftsList';
import '../../stores/DraftsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The list a tab shows. */
const TabPanel = observer(function TabPanel({ lists, tab }: { lists: ProfileLists; tab: ProfileTab }) {
  const { t } = useTranslation();
  const failedText = t('page.profile.loadFailed');
  switch (tab) {
    case 'articles':
      return (
        <RelayFeed list={lists.articles} testId="profile-articles" icon={FileText} emptyText={t('page.profile.noArticles')} failedText={failedText} render={(article) => <ArticleCard article={article} />} />
      );
    case 'topics':
      return (
        <RelayFeed list={lists.topics} testId="profile-topics" icon={MessagesSquare} emptyText={t('page.profile.noTopics')} failedText={failedText} render={(topic) => <TopicCard topic={topic} />} />
      );
    case 'answers':
      return (
        <RelayFeed list={lists.answers} testId="profile-answers" icon={MessageSquareText} emptyText={t('page.profile.noAnswers')} failedText={failedText} render={(answer) => <AnswerCard answer={answer} />} />
      );
    case 'drafts':
      return <DraftsList />;
    default:
      return tab satisfies never;
  }
});

/**
 * A member's articles, topics and answers, and, on the member's own profile, their drafts: one tab
 * shown at a time (arrow keys move between the tabs).
 */
export const ProfileTabs = observer(function ProfileTabs({ lists, own }: { lists: ProfileLists; own: boolean }) {
  const { drafts } = useStores();
  const { t } = useTranslation();
  const tabs = PROFILE_TABS.filter((tab) => own || tab !== 'drafts');
  const current = tabs.includes(lists.tab) ? lists.tab : tabs[0];
  const move = (from: number, by: number) => {
    const next = tabs[(from + by + tabs.length) % tabs.length];
    lists.select(next);
    document.getElementById(`profile-tab-${next}`)?.focus();
  };
  return (
    <section className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-6 sm:px-5">
      <div role="tablist" aria-label={t('page.profile.tabs')} className="mb-4 flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {tabs.map((tab, index) => (
          <button
            key={tab}
            id={`profile-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls="profile-tabpanel"
            tabIndex={tab === current ? 0 : -1}
            onClick={() => lists.select(tab)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              if (event.key === 'ArrowLeft') move(index, -1);
            }}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium transition ${
              tab === current
                ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-400'
                : 'border-transparent text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200'
            }`}
          >
            {t(`page.profile.tab.${tab}`)}
            {tab === 'drafts' && drafts.count > 0 && <span className="ml-1.5 text-xs tabular-nums text-zinc-400">{drafts.count}</span>}
          </button>
        ))}
      </div>
      <div id="profile-tabpanel" role="tabpanel" aria-labelledby={`profile-tab-${current}`}>
        <TabPanel lists={lists} tab={current} />
      </div>
    </section>
  );
});
