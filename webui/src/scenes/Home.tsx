import ArrowRight from 'lucide-react/icons/arrow-right';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FEED_CHANNEL } from '../api/live';
import { useLiveChannel } from '../api/useLive';
import { LocalizedLink } from '../components/common/LocalizedLink';
import { SmallSpinner } from '../components/common/SmallSpinner';
import { PageSpinner } from '../components/Feedback/Spinner';
import { TopicCard } from '../components/Community/TopicCard';
import { ArticleGrid } from '../components/Content/ArticleGrid';
import { EmptyState } from '../components/Feedback/EmptyState';
import { BlockList, pageBlocks } from '../components/Page/Blocks/BlockList';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { fetchTopics, TopicList } from '../stores/community/TopicList';
import { useStores } from '../stores/StoresContext';
import { greetingKey } from '../utils/greeting';

/** Articles the home page shows before "load more". */
export const HOME_ARTICLES = 12;
/** Topics the home page shows (the community page has them all). */
export const HOME_TOPICS = 8;

const SECTION_TITLE = 'text-lg font-semibold tracking-tight';

/**
 * The home page: the page builder's blocks of the home page for the device; without any (nothing
 * published for the device yet), a greeting and the feed: the newest articles as a masonry grid,
 * and the newest community topics, which members see arrive live.
 */
const Home = observer(function Home() {
  const { pages, ui } = useStores();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('page.home.title'));
  useEffect(() => {
    void pages.load(pathname);
  }, [pages, pathname]);
  const state = pages.get(pathname);
  if (!state || state.status === 'loading') return <PageSpinner />;
  const blocks = state.status === 'ready' ? pageBlocks(state.blocks, ui.device) : [];
  if (blocks.length > 0) {
    return (
      <div data-testid="home-blocks" className="mx-auto max-w-[var(--site-width)] px-4 py-8 sm:px-5 sm:py-10">
        <BlockList blocks={blocks} />
      </div>
    );
  }
  return <HomeFeed />;
});

/** The home page without blocks: a greeting, the newest articles and the newest topics. */
const HomeFeed = observer(function HomeFeed() {
  const { t } = useTranslation();
  return (
    <div>
      <section className="relative overflow-hidden border-b border-zinc-900/5 bg-gradient-to-b from-brand-50 to-white dark:border-white/5 dark:from-brand-700/15 dark:to-zinc-950">
        <div className="mx-auto max-w-[var(--site-width)] px-4 py-14 sm:px-5 sm:py-20">
          <p className="text-sm font-medium text-brand-700 dark:text-brand-400">{t(greetingKey(new Date()))}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{t('page.home.welcome')}</h1>
          <p className="mt-4 max-w-xl text-zinc-600 dark:text-zinc-400">{t('page.home.intro')}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-[var(--site-width)] gap-10 px-4 py-10 sm:px-5 lg:grid-cols-3">
        <section aria-labelledby="home-articles" className="min-w-0 lg:col-span-2">
          <h2 id="home-articles" className={`${SECTION_TITLE} mb-4`}>
            {t('page.home.latestArticles')}
          </h2>
          <HomeArticles />
        </section>
        <HomeTopics />
      </div>
    </div>
  );
});

const HomeArticles = observer(function HomeArticles() {
  const { content } = useStores();
  return <ArticleGrid list={content.list({}, HOME_ARTICLES)} columns={2} />;
});

/** The newest topics site-wide; a member sees new ones come in at the top (the feed channel). */
const HomeTopics = observer(function HomeTopics() {
  const root = useStores();
  const { t } = useTranslation();
  const viewerId = root.auth.viewer?.data.databaseId ?? null;
  // Locked topics show their excerpt to those who may read them: another viewer reads them again.
  const topics = useMemo(() => new TopicList(root, fetchTopics(root)), [root, viewerId]);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    await topics.loadLatest();
    setFailed(!topics.isLoaded);
  }, [topics]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveChannel(viewerId ? FEED_CHANNEL : null, (event) => topics.receiveLive(event));
  const shown = topics.items.slice(0, HOME_TOPICS);

  return (
    <section aria-labelledby="home-topics" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="home-topics" className={SECTION_TITLE}>
          {t('page.home.latestTopics')}
        </h2>
        <LocalizedLink to="/community" className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('page.home.allTopics')}
          <ArrowRight className="size-4" aria-hidden />
        </LocalizedLink>
      </div>
      {failed ? (
        <EmptyState icon={MessagesSquare} title={t('page.home.topicsFailed')}>
          <button type="button" onClick={() => void load()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : !topics.isLoaded ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : shown.length === 0 ? (
        <EmptyState icon={MessagesSquare} title={t('page.home.noTopics')} />
      ) : (
        <ul className="space-y-3" data-testid="home-topics">
          {shown.map((topic) => (
            <li key={topic.databaseId}>
              <TopicCard topic={topic} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

export default Home;
