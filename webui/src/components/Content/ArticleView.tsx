import { Globe, Hash } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { articleChannel } from '../../api/live';
import { useLiveChannel } from '../../api/useLive';
import type { ArticleReply } from '../../api/wire.gen';
import { isLang, NATIVE_NAME } from '../../i18n/languages';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
import { abbreviate } from '../../utils/number';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { EditLink } from '../common/EditLink';
import { ImageViewer } from '../common/ImageViewer';
import { LocalizedLink } from '../common/LocalizedLink';
import { AuthorLine } from './AuthorLine';
import { Comments } from './Comments';
import { GateBox } from './GateBox';
import { LikeButton } from './LikeButton';
import { handleLiveEvent } from './liveEvents';
import { RichHtml } from './RichHtml';

/**
 * An article page: category, title, author, time and views, the language versions (and a notice
 * when the reader's language has none), the featured image, the content or what gates it, the
 * tags, likes and comments. Members see likes and comments of others as they happen.
 */
export const ArticleView = observer(function ArticleView({ reply }: { reply: ArticleReply }) {
  const { content, auth, toasts } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [viewingImage, setViewingImage] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  useEffect(() => content.takeArticlePage(reply), [content, reply]);
  const article = content.articles.get(reply.article.databaseId) ?? reply.article;
  useDocumentTitle(article.title);

  const goHome = () => void navigate('/');
  useLiveChannel(auth.isLoggedIn ? articleChannel(article.databaseId) : null, (event) =>
    handleLiveEvent(event, {
      like_count: (data) => {
        if (data.targetType === 'article' && data.targetId === article.databaseId) content.patchArticle(article.databaseId, { likeCount: data.likeCount });
      },
      comment_created: (data) => {
        if (data.targetType === 'article' && data.targetId === article.databaseId) content.patchArticle(article.databaseId, { commentCount: data.commentCount });
      },
      deleted: (data) => {
        if (data.targetType !== 'article' || data.id !== article.databaseId) return;
        toasts.info(t('content.article.deletedElsewhere'));
        goHome();
      },
    }),
  );

  const mayDelete = content.mayDelete(article.author);
  const mayEdit = content.mayEditArticle;
  const remove = async () => {
    if (await content.deleteItem('article', article.databaseId)) goHome();
  };
  const image = imageFailed ? undefined : article.featuredImage?.node.sourceUrl;
  const otherVersions = (article.versions ?? []).filter((version) => version.id !== article.databaseId && isLang(version.lang));

  return (
    <article data-testid="article" data-id={article.databaseId} className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-10">
      {article.category && (
        <LocalizedLink
          to={article.category.uri}
          className="text-xs font-semibold uppercase tracking-wider text-brand-600 hover:underline dark:text-brand-400"
        >
          {article.category.name}
        </LocalizedLink>
      )}
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-4xl">{article.title}</h1>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <AuthorLine author={article.author} createdAt={article.createdAt}>
          <span aria-hidden>·</span>
          <span data-testid="article-views">{t('content.article.views', { count: article.viewsCache, formatted: abbreviate(article.viewsCache) })}</span>
        </AuthorLine>
        {(mayDelete || mayEdit) && (
          <div className="group flex items-center gap-1">
            {mayEdit && <EditLink target={{ kind: 'article', id: article.databaseId }} />}
            {mayDelete && (
              <ConfirmDelete
                label={t('content.article.delete')}
                title={t('content.article.deleteConfirm')}
                text={t('content.article.deleteConfirmText')}
                confirmLabel={t('content.article.deleteAction')}
                onConfirm={() => void remove()}
                testId="article-delete-confirm"
              />
            )}
          </div>
        )}
      </div>

      {article.translationMissing && (
        <p role="note" data-testid="translation-missing" className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200">
          {t('content.article.translationMissing', { language: isLang(article.lang) ? NATIVE_NAME[article.lang] : article.lang })}
        </p>
      )}
      {otherVersions.length > 0 && (
        <nav aria-label={t('content.article.versions')} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <Globe className="size-4 text-zinc-400" aria-hidden />
          <span className="text-zinc-500 dark:text-zinc-400">{t('content.article.versions')}</span>
          {otherVersions.map((version) => (
            <LocalizedLink
              key={version.id}
              to={version.uri}
              lang={isLang(version.lang) ? version.lang : undefined}
              hrefLang={version.lang}
              title={version.title}
              className="rounded-full px-2.5 py-0.5 font-medium text-brand-700 ring-1 ring-brand-500/20 hover:bg-brand-50 dark:text-brand-400 dark:hover:bg-brand-500/10"
            >
              {isLang(version.lang) ? NATIVE_NAME[version.lang] : version.lang}
            </LocalizedLink>
          ))}
        </nav>
      )}

      {image && (
        <button type="button" onClick={() => setViewingImage(true)} aria-label={t('content.openImage')} className="mt-6 block w-full cursor-zoom-in overflow-hidden rounded-2xl">
          <img src={image} alt="" onError={() => setImageFailed(true)} className="aspect-[16/9] w-full bg-zinc-100 object-cover dark:bg-zinc-800" />
        </button>
      )}
      {viewingImage && image && <ImageViewer images={[{ src: image }]} onClose={() => setViewingImage(false)} />}

      <div className="mt-8">
        {article.gated ? (
          <>
            {article.excerpt && <p className="mb-6 text-zinc-700 dark:text-zinc-300">{article.excerpt}</p>}
            <GateBox
              targetType="article"
              targetId={article.databaseId}
              gate={article.gate}
              roles={article.roles}
              onUnlocked={() => void content.reloadArticle(article.databaseId)}
            />
          </>
        ) : (
          <RichHtml html={article.content} className="text-base sm:text-[1.0625rem]" />
        )}
      </div>

      {article.tags.length > 0 && (
        <ul aria-label={t('content.article.tags')} className="mt-8 flex flex-wrap gap-2">
          {article.tags.map((tag) => (
            <li key={tag.databaseId}>
              <LocalizedLink
                to={tag.uri}
                className="inline-flex items-center gap-0.5 rounded-full bg-zinc-100 px-3 py-1 text-sm text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700"
              >
                <Hash className="size-3.5" aria-hidden />
                {tag.name}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-8 flex items-center gap-3 border-y border-zinc-100 py-4 dark:border-zinc-800">
        <LikeButton targetType="article" targetId={article.databaseId} liked={article.isLiked} count={article.likeCount} />
      </div>

      <Comments targetType="article" targetId={article.databaseId} count={article.commentCount} gated={article.gated} channel={articleChannel(article.databaseId)} className="mt-8" />
    </article>
  );
});
