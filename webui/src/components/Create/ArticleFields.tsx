import { ImagePlus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_NAME } from '../../i18n/languages';
import { useStores } from '../../stores/StoresContext';
import type { CreateForm } from './CreateForm';
import { Field, SELECT, TEXT_INPUT, TextField } from './FormParts';
import { EXCERPT_MAX, MAX_TAGS } from './submission';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/** An article's own fields (mutates.saveArticle): language, excerpt, category, tags and featured image. */
export const ArticleFields = observer(function ArticleFields({ form }: { form: CreateForm }) {
  const { media, locale } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const { article } = form.draft;

  const pickImage = async () => {
    const [item] = await media.pick({ type: 'image', limit: 1 });
    if (item) form.setArticle({ featuredImage: item.sourceUrl });
  };

  return (
    <div className="space-y-4" data-testid="article-fields">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-lang`} label={t('page.create.article.lang')}>
          <select
            id={`${id}-lang`}
            value={article.lang || locale.lang}
            disabled={form.editing !== null}
            onChange={(event) => form.setArticle({ lang: event.target.value })}
            className={`${SELECT} w-full disabled:opacity-60`}
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {NATIVE_NAME[lang]}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id={`${id}-category`}
          label={t('page.create.article.category')}
          hint={t('page.create.article.slugHint')}
          error={form.errors.category}
          value={article.category}
          onChange={(category) => form.setArticle({ category })}
          placeholder="news"
        />
        <TextField
          id={`${id}-tags`}
          label={t('page.create.article.tags')}
          hint={t('page.create.article.tagsHint', { max: MAX_TAGS })}
          error={form.errors.tags}
          value={article.tags}
          onChange={(tags) => form.setArticle({ tags })}
          placeholder="guide, community"
        />
      </div>
      <Field id={`${id}-excerpt`} label={t('page.create.article.excerpt')} hint={`${article.excerpt.length}/${EXCERPT_MAX}`}>
        <textarea
          id={`${id}-excerpt`}
          rows={2}
          maxLength={EXCERPT_MAX}
          value={article.excerpt}
          onChange={(event) => form.setArticle({ excerpt: event.target.value })}
          className={`${TEXT_INPUT} h-auto resize-none py-2.5`}
        />
      </Field>
      <div>
        <p className="mb-1.5 text-sm font-medium">{t('page.create.article.featuredImage')}</p>
        {article.featuredImage ? (
          <div className="relative aspect-[16/7] w-full max-w-md overflow-hidden rounded-xl bg-zinc-100 ring-1 ring-zinc-900/5 dark:bg-zinc-800">
            <img src={article.featuredImage} alt={t('page.create.article.featuredImage')} className="size-full object-cover" />
            <button
              type="button"
              onClick={() => form.setArticle({ featuredImage: '' })}
              aria-label={t('page.create.article.removeImage')}
              className="absolute right-2 top-2 rounded-full bg-zinc-950/60 p-1.5 text-white hover:bg-zinc-950/80"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => void pickImage()}
            className="flex aspect-[16/7] w-full max-w-md flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-zinc-300 text-sm text-zinc-500 transition hover:border-brand-500 hover:text-brand-700 dark:border-zinc-700 dark:hover:text-brand-300"
          >
            <ImagePlus className="size-6" aria-hidden />
            {t('page.create.article.pickImage')}
          </button>
        )}
      </div>
    </div>
  );
});
