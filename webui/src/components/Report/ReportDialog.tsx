import { ImagePlus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/wire.gen';
import { REPORT_CONTENT_MAX, REPORT_MAX_IMAGES, reportLength } from '../../models/Report';
import { useStores } from '../../stores/StoresContext';
import { PRIMARY_BUTTON } from '../Login/fields';
import { Sheet } from '../Overlay/Sheet';
import { LibraryScreenshotPicker } from './ScreenshotPicker';
import '../../stores/ReportDialogStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * What the report dialog needs from the media library: pick up to `limit` images (the ones already
 * chosen come preselected) and hand them back, or close without a change.
 */
export interface ScreenshotPickerProps {
  open: boolean;
  limit: number;
  selected: Item[];
  onPick: (items: Item[]) => void;
  onClose: () => void;
}

/**
 * The report dialog (SPEC §2, §5): the reason (the settings' report types for the language),
 * what happened, up to 4 screenshots from the media library, then send. Mounted once in the site
 * chrome; `reportDialog.open(target)` shows it.
 */
export const ReportDialog = observer(function ReportDialog({
  picker: Picker = LibraryScreenshotPicker,
}: {
  /** The screenshot picker (the media library); tests pass their own. */
  picker?: ComponentType<ScreenshotPickerProps> | null;
}) {
  const { reportDialog: report, ui } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const target = report.target;
  const length = reportLength(report.content);
  return (
    <>
      <Sheet
        open={report.isOpen}
        onOpenChange={(open) => !open && report.close()}
        title={t('common.report.title')}
        description={t('common.report.description')}
        side={ui.isMobile ? 'bottom' : 'center'}
        dismissible={!report.isSubmitting}
      >
        <form
          data-testid="report-dialog"
          noValidate
          className="space-y-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            void report.submit();
          }}
        >
          {target?.summary && (
            <blockquote className="line-clamp-3 whitespace-pre-wrap break-words rounded-xl bg-zinc-50 px-3.5 py-2.5 text-sm text-zinc-600 ring-1 ring-zinc-900/5 dark:bg-zinc-800/60 dark:text-zinc-300 dark:ring-white/5">
              {target.summary}
            </blockquote>
          )}
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">
              {t('common.report.type')} <span className="text-rose-600" aria-hidden>*</span>
            </legend>
            {report.reasons.length === 0 ? (
              <p className="text-sm text-zinc-500">{t('common.report.noTypes')}</p>
            ) : (
              <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('common.report.type')} aria-required>
                {report.reasons.map((reason) => (
                  <label
                    key={reason}
                    className="flex h-9 cursor-pointer items-center rounded-full bg-zinc-100/80 px-3.5 text-sm ring-1 ring-inset ring-transparent transition has-[:checked]:bg-brand-50 has-[:checked]:font-medium has-[:checked]:text-brand-800 has-[:checked]:ring-brand-500 has-[:focus-visible]:ring-2 dark:bg-zinc-800/70 dark:has-[:checked]:bg-brand-400/10 dark:has-[:checked]:text-brand-300"
                  >
                    <input
                      type="radio"
                      name={`${id}-type`}
                      value={reason}
                      checked={report.type === reason}
                      onChange={() => report.setType(reason)}
                      className="sr-only"
                    />
                    {reason}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div>
            <label htmlFor={`${id}-content`} className="mb-1.5 block text-sm font-medium">
              {t('common.report.content')} <span className="text-rose-600" aria-hidden>*</span>
            </label>
            <textarea
              id={`${id}-content`}
              value={report.content}
              onChange={(event) => report.setContent(event.target.value)}
              rows={4}
              required
              placeholder={t('common.report.contentPlaceholder')}
              className="block w-full resize-none rounded-xl bg-zinc-100/80 px-3.5 py-2.5 text-[0.9375rem] outline-none ring-1 ring-inset ring-transparent transition placeholder:text-zinc-400 focus:bg-white focus:ring-2 focus:ring-brand-500 dark:bg-zinc-800/70 dark:placeholder:text-zinc-500 dark:focus:bg-zinc-900"
            />
            <p className="mt-1 text-right text-xs tabular-nums text-zinc-400">
              {length}/{REPORT_CONTENT_MAX}
            </p>
          </div>
          <div>
            <p className="mb-1.5 text-sm font-medium">
              {t('common.report.screenshots')}{' '}
              <span className="font-normal text-zinc-500">{t('common.report.screenshotsHint', { count: REPORT_MAX_IMAGES })}</span>
            </p>
            <ul className="grid grid-cols-4 gap-2" aria-label={t('common.report.screenshots')} data-testid="report-screenshots">
              {report.imgs.map((img) => (
                <li key={img.id} className="relative aspect-square overflow-hidden rounded-xl bg-zinc-100 ring-1 ring-zinc-900/5 dark:bg-zinc-800">
                  <img src={img.sourceUrl} alt={img.altText || img.title || img.fileName} className="size-full object-cover" />
                  <button
                    type="button"
                    onClick={() => report.removeImage(img.id)}
                    aria-label={t('common.report.removeScreenshot', { name: img.title || img.fileName })}
                    className="absolute right-1 top-1 rounded-full bg-zinc-950/60 p-1 text-white hover:bg-zinc-950/80"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
              {Picker && report.imgs.length < REPORT_MAX_IMAGES && (
                <li className="aspect-square">
                  <button
                    type="button"
                    onClick={() => report.openPicker()}
                    className="flex size-full flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-zinc-300 text-xs text-zinc-500 transition hover:border-brand-500 hover:text-brand-700 dark:border-zinc-700 dark:hover:text-brand-300"
                  >
                    <ImagePlus className="size-5" aria-hidden />
                    {t('common.report.addScreenshot')}
                  </button>
                </li>
              )}
            </ul>
          </div>
          <button type="submit" className={PRIMARY_BUTTON} disabled={report.isSubmitting}>
            {report.isSubmitting ? t('common.report.submitting') : t('common.report.submit')}
          </button>
        </form>
      </Sheet>
      {Picker && report.isOpen && (
        <Picker
          open={report.isPicking}
          limit={REPORT_MAX_IMAGES}
          selected={report.imgs}
          onPick={(items) => report.setImages(items)}
          onClose={() => report.closePicker()}
        />
      )}
    </>
  );
});
