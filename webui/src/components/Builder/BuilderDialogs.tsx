import { History, RotateCcw } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_NAME } from '../../i18n/languages';
import type { PageDoc, Text } from '../../models/builder';
import { CUSTOM_NAME, DOCS_SLUG, MAX_PAGES, NOTE_MAX, missingLangs, newPage } from '../../stores/builder/layout';
import { Sheet } from '../Overlay/Sheet';
import { useBuilder } from './context';
import { INPUT, Labeled, SMALL_BUTTON } from './fields';

const PRIMARY =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg bg-zinc-900 px-4 text-sm font-medium text-white transition hover:bg-zinc-700 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-white dark:text-zinc-900';

/** Adds a custom page (/{name}) or a docs page (/docs/{slug}) with its title in every language. */
export const AddPageDialog = observer(function AddPageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<Exclude<PageDoc['kind'], 'home'>>('custom');
  const [name, setName] = useState('');
  const [titles, setTitles] = useState<Text>({});
  const pattern = kind === 'docs' ? DOCS_SLUG : CUSTOM_NAME;
  const problem = !name
    ? null
    : !pattern.test(name)
      ? t('page.builder.addPage.badName')
      : builder.hasPage(kind, name)
        ? t('page.builder.addPage.taken')
        : null;
  const ready = Boolean(name) && !problem && missingLangs(titles, LANGUAGES).length === 0 && (builder.doc?.pages.length ?? 0) < MAX_PAGES;
  const submit = () => {
    if (!ready) return;
    builder.addPage(newPage(kind, name, titles));
    setName('');
    setTitles({});
    onOpenChange(false);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('page.builder.addPage.title')}>
      <form
        className="space-y-4 overflow-y-auto p-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('page.builder.addPage.kind')}</legend>
          {(['custom', 'docs'] as const).map((option) => (
            <label key={option} className="flex flex-1 cursor-pointer items-center gap-2 rounded-lg p-2.5 text-sm ring-1 ring-zinc-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-500 dark:ring-zinc-700">
              <input type="radio" name={`${id}-kind`} checked={kind === option} onChange={() => setKind(option)} className="accent-brand-600" />
              {t(`page.builder.addPage.kinds.${option}`)}
            </label>
          ))}
        </fieldset>
        <Labeled label={kind === 'docs' ? t('page.builder.addPage.slug') : t('page.builder.addPage.name')} htmlFor={`${id}-name`}>
          <div className="flex items-center gap-1 text-sm text-zinc-500">
            <span>{kind === 'docs' ? '/docs/' : '/'}</span>
            <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value.toLowerCase().trim())} aria-invalid={Boolean(problem)} className={INPUT} placeholder="about" />
          </div>
          {problem && <p className="text-xs text-rose-600">{problem}</p>}
        </Labeled>
        {LANGUAGES.map((lang) => (
          <Labeled key={lang} label={t('page.builder.addPage.titleIn', { lang: NATIVE_NAME[lang] })} htmlFor={`${id}-${lang}`}>
            <input id={`${id}-${lang}`} lang={lang} maxLength={200} value={titles[lang] ?? ''} onChange={(event) => setTitles({ ...titles, [lang]: event.target.value })} className={INPUT} />
          </Labeled>
        ))}
        <div className="flex justify-end gap-2">
          <button type="button" className={SMALL_BUTTON} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={PRIMARY} disabled={!ready}>
            {t('page.builder.addPage.submit')}
          </button>
        </div>
      </form>
    </Sheet>
  );
});

/** Publishes the draft with a note. */
export const PublishDialog = observer(function PublishDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('page.builder.publish.title')}>
      <form
        className="space-y-4 p-5"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await builder.publish(note)) {
            setNote('');
            onOpenChange(false);
          } else {
            onOpenChange(false);
          }
        }}
      >
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{t('page.builder.publish.text')}</p>
        <Labeled label={t('page.builder.publish.note')} htmlFor={id} aside={<span className="text-xs text-zinc-400">{note.length}/{NOTE_MAX}</span>}>
          <input id={id} value={note} maxLength={NOTE_MAX} onChange={(event) => setNote(event.target.value)} placeholder={t('page.builder.publish.notePlaceholder')} className={INPUT} />
        </Labeled>
        <div className="flex justify-end gap-2">
          <button type="button" className={SMALL_BUTTON} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={PRIMARY} disabled={builder.isPublishing}>
            {t('page.builder.publish.submit')}
          </button>
        </div>
      </form>
    </Sheet>
  );
});

/** The published versions, newest first: look at one in the preview, or publish it again. */
export const HistoryDialog = observer(function HistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { builder } = useBuilder();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (open) void builder.versions.load();
  }, [open, builder]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="right" title={t('page.builder.history.title')}>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {builder.versions.entries.length === 0 && !builder.versions.isLoading && <p className="p-4 text-center text-sm text-zinc-500">{t('page.builder.history.empty')}</p>}
        <ol className="space-y-2" data-testid="version-list">
          {builder.versions.entries.map((entry) => (
            <li key={entry.version} className="rounded-xl p-3 ring-1 ring-zinc-200 dark:ring-zinc-800">
              <div className="flex items-center gap-2">
                <History className="size-4 text-zinc-400" aria-hidden />
                <span className="font-medium">v{entry.version}</span>
                {entry.current && <span className="rounded-full bg-emerald-100 px-2 text-xs text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">{t('page.builder.history.current')}</span>}
                <span className="ml-auto text-xs text-zinc-500">{date.format(entry.createdAt)}</span>
              </div>
              {entry.note && <p className="mt-1 text-sm">{entry.note}</p>}
              <p className="mt-1 text-xs text-zinc-500">
                {entry.author?.name ?? '—'}
                {entry.restoredFrom > 0 && ` · ${t('page.builder.history.restoredFrom', { version: entry.restoredFrom })}`}
              </p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  onClick={() => {
                    void builder.preview(entry.version);
                    onOpenChange(false);
                  }}
                >
                  {t('page.builder.history.preview')}
                </button>
                {!entry.current && (
                  <button
                    type="button"
                    className={SMALL_BUTTON}
                    onClick={() => {
                      if (window.confirm(t('page.builder.history.rollbackConfirm', { version: entry.version }))) void builder.rollback(entry.version);
                    }}
                  >
                    <RotateCcw className="size-3.5" aria-hidden />
                    {t('page.builder.history.rollback')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
        {builder.versions.hasMore && (
          <button type="button" className={`${SMALL_BUTTON} mt-3 w-full`} disabled={builder.versions.isLoading} onClick={() => void builder.versions.load(true)}>
            {t('page.builder.history.more')}
          </button>
        )}
      </div>
    </Sheet>
  );
});
