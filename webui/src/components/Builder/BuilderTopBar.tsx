import { FilePlus2, FileX2, History, Laptop, Redo2, Save, Send, Smartphone, Tablet, Trash2, Undo2, type LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_NAME, isLang } from '../../i18n/languages';
import type { Device } from '../../models/settings';
import { pageLabel } from '../../stores/builder/layout';
import type { BuilderPanel } from '../../stores/builder/BuilderStore';
import { useStores } from '../../stores/StoresContext';
import { AddPageDialog, HistoryDialog, PublishDialog } from './BuilderDialogs';
import { useBuilder } from './context';
import { ICON_BUTTON, SMALL_BUTTON } from './fields';

const DEVICE_ICONS: { device: Device; icon: LucideIcon }[] = [
  { device: 'mobile', icon: Smartphone },
  { device: 'tablet', icon: Tablet },
  { device: 'desktop', icon: Laptop },
];

const PANELS: BuilderPanel[] = ['page', 'header', 'footer'];
const SEGMENT = 'flex items-center gap-1.5 rounded-md px-2.5 py-1 text-sm aria-checked:bg-white aria-checked:shadow dark:aria-checked:bg-zinc-700';
const SELECT = 'h-8 rounded-lg bg-zinc-100 px-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 dark:bg-zinc-800';

/** The builder's top bar: page picker, panels, device, language and currency, undo, and the draft's actions. */
export const BuilderTopBar = observer(function BuilderTopBar() {
  const { builder } = useBuilder();
  const { settings } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const [dialog, setDialog] = useState<'addPage' | 'publish' | 'history' | null>(null);
  const doc = builder.doc;
  const page = builder.page;
  const currencies = settings.currencies.length ? settings.currencies.map((entry) => entry.code) : [builder.currency];
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-950">
      <h1 className="hidden font-semibold lg:block">{t('page.builder.title')}</h1>
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-page`} className="sr-only">
          {t('page.builder.page')}
        </label>
        <select id={`${id}-page`} value={builder.pageIndex} onChange={(event) => builder.setPage(Number(event.target.value))} className={`${SELECT} max-w-52`}>
          {(['home', 'custom', 'docs'] as const).map((kind) => {
            const pages = doc?.pages.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.kind === kind) ?? [];
            if (!pages.length) return null;
            return (
              <optgroup key={kind} label={t(`page.builder.pageKinds.${kind}`)}>
                {pages.map(({ entry, index }) => (
                  <option key={index} value={index}>
                    {entry.kind === 'home' ? t('page.builder.pageKinds.home') : pageLabel(entry, builder.lang)}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <button type="button" className={ICON_BUTTON} aria-label={t('page.builder.addPage.title')} title={t('page.builder.addPage.title')} onClick={() => setDialog('addPage')}>
          <FilePlus2 className="size-4" aria-hidden />
        </button>
        {page && page.kind !== 'home' && (
          <button
            type="button"
            className={`${ICON_BUTTON} hover:text-rose-600`}
            aria-label={t('page.builder.deletePage')}
            title={t('page.builder.deletePage')}
            onClick={() => {
              if (window.confirm(t('page.builder.deletePageConfirm', { page: pageLabel(page, builder.lang) }))) builder.removePage(builder.pageIndex);
            }}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        )}
      </div>

      <div role="radiogroup" aria-label={t('page.builder.panel')} className="flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
        {PANELS.map((panel) => (
          <button key={panel} type="button" role="radio" aria-checked={builder.panel === panel} onClick={() => builder.setPanel(panel)} className={SEGMENT}>
            {t(`page.builder.panels.${panel}`)}
          </button>
        ))}
      </div>

      <div role="radiogroup" aria-label={t('page.builder.device')} className="flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
        {DEVICE_ICONS.map(({ device, icon: Icon }) => (
          <button key={device} type="button" role="radio" aria-checked={builder.device === device} onClick={() => builder.setDevice(device)} className={SEGMENT} title={t(`common.device.${device}`)}>
            <Icon className="size-4" aria-hidden />
            <span className="sr-only 2xl:not-sr-only">{t(`common.device.${device}`)}</span>
          </button>
        ))}
      </div>

      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-lang`} className="sr-only">
          {t('page.builder.lang')}
        </label>
        <select id={`${id}-lang`} value={builder.lang} onChange={(event) => isLang(event.target.value) && builder.setLang(event.target.value)} className={SELECT}>
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {NATIVE_NAME[lang]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-currency`} className="sr-only">
          {t('page.builder.currency')}
        </label>
        <select id={`${id}-currency`} value={builder.currency} onChange={(event) => builder.setCurrency(event.target.value)} className={SELECT}>
          {[...new Set([builder.currency, ...currencies])].map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>

      <div className="ml-auto flex items-center gap-1.5">
        <span className="mr-1 max-w-40 truncate text-xs text-zinc-500" data-testid="builder-status" aria-live="polite">
          {builder.isSaving
            ? t('page.builder.status.saving')
            : builder.dirty
              ? t('page.builder.status.unsaved')
              : builder.draftDiffers
                ? t('page.builder.status.draft')
                : t('page.builder.status.published', { version: builder.publishedVersion })}
        </span>
        <button type="button" className={ICON_BUTTON} disabled={!builder.canUndo} aria-label={t('page.builder.undo')} title={t('page.builder.undo')} onClick={() => builder.undo()}>
          <Undo2 className="size-4" aria-hidden />
        </button>
        <button type="button" className={ICON_BUTTON} disabled={!builder.canRedo} aria-label={t('page.builder.redo')} title={t('page.builder.redo')} onClick={() => builder.redo()}>
          <Redo2 className="size-4" aria-hidden />
        </button>
        <button type="button" className={SMALL_BUTTON} title={t('page.builder.history.title')} onClick={() => setDialog('history')}>
          <History className="size-3.5" aria-hidden />
          <span className="sr-only 2xl:not-sr-only">{t('page.builder.history.title')}</span>
        </button>
        <button
          type="button"
          className={SMALL_BUTTON}
          title={t('page.builder.discard')}
          disabled={!builder.dirty && !builder.draftDiffers}
          onClick={() => {
            if (window.confirm(t('page.builder.discardConfirm'))) void builder.discard();
          }}
        >
          <FileX2 className="size-3.5" aria-hidden />
          <span className="sr-only 2xl:not-sr-only">{t('page.builder.discard')}</span>
        </button>
        <button type="button" className={SMALL_BUTTON} title={`${t('page.builder.save')} (Ctrl+S)`} disabled={!builder.dirty || builder.isSaving} onClick={() => void builder.save()}>
          <Save className="size-3.5" aria-hidden />
          <span className="sr-only 2xl:not-sr-only">{t('page.builder.save')}</span>
        </button>
        <button
          type="button"
          className={`${SMALL_BUTTON} bg-brand-600 text-white ring-0 hover:bg-brand-700 dark:text-white`}
          disabled={builder.isPublishing || builder.previewed !== null}
          onClick={() => setDialog('publish')}
        >
          <Send className="size-3.5" aria-hidden />
          {t('page.builder.publish.open')}
        </button>
      </div>
      <AddPageDialog open={dialog === 'addPage'} onOpenChange={close} />
      <PublishDialog open={dialog === 'publish'} onOpenChange={close} />
      <HistoryDialog open={dialog === 'history'} onOpenChange={close} />
    </div>
  );
});
