import { CircleAlert, UploadCloud } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, acceptList, mediaRight } from '../../models/MediaItem';
import type { LibraryRequest } from '../../stores/MediaStore';
import { useStores } from '../../stores/StoresContext';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/UploadStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The upload tab: files of the asked type (the accept list of settings.file_mimes), several
 * unless one item is asked for, by picking or dropping; the overall progress while they upload.
 * Without the right to upload, or past the day's count, a notice says why (SPEC §6).
 */
export const UploadPanel = observer(function UploadPanel({ request }: { request: LibraryRequest }) {
  const { media, settings, auth, uploads } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const notice = media.uploadNotice(request.type);
  const list = acceptList(settings.settings, request.type);
  const right = mediaRight(auth.viewer?.data.gqRoles, request.type);
  const limitMb = right.size > 0 ? right.size : Number(settings.settings?.max_file_size ?? 0);

  if (notice) {
    return (
      <div data-testid="media-upload-notice" className="m-5 flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/20">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{notice}</p>
      </div>
    );
  }

  const start = (files: FileList | null) => {
    if (!files?.length) return;
    void media.uploadFiles([...files]);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-5">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          start(event.dataTransfer.files);
        }}
        className={`flex min-h-44 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-6 text-center transition ${
          dragging ? 'border-brand-500 bg-brand-50 dark:bg-brand-400/10' : 'border-zinc-200 hover:border-brand-400 dark:border-zinc-700'
        }`}
      >
        <UploadCloud className="size-8 text-zinc-400" aria-hidden />
        <span className="text-sm font-medium">{t('common.editor.upload.choose')}</span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {list.ext.length > 0 && t('common.editor.upload.accepted', { list: list.ext.join(', ') })}
          {limitMb > 0 && ` · ${t('common.editor.upload.maxSize', { size: limitMb })}`}
        </span>
        <input
          ref={input}
          id={id}
          data-testid="media-upload-input"
          type="file"
          className="sr-only"
          accept={acceptAttribute(list)}
          multiple={request.limit > 1}
          onClick={(event) => {
            // A second selection while one uploads is refused with the toast, not a file picker.
            if (uploads.refuseWhileBusy()) event.preventDefault();
          }}
          onChange={(event) => start(event.target.files)}
        />
      </label>
      <UploadProgress />
    </div>
  );
});

/** The overall percent (the mean of the files') and each file's, while a selection uploads. */
export const UploadProgress = observer(function UploadProgress() {
  const { uploads } = useStores();
  const { t } = useTranslation();
  if (uploads.state === 'idle') return null;
  const failed = uploads.state === 'error';
  return (
    <div data-testid="media-upload-progress" data-state={uploads.state} className="space-y-2">
      <div className="flex items-center justify-between text-xs font-medium">
        <span>{t(`common.editor.upload.state.${uploads.state}`)}</span>
        <span className="tabular-nums">{uploads.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('common.editor.upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploads.percent}
        className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className={`h-full rounded-full transition-[width] ${failed ? 'bg-rose-500' : uploads.state === 'complete' ? 'bg-emerald-500' : 'bg-brand-500'}`} style={{ width: `${uploads.percent}%` }} />
      </div>
      {uploads.files.length > 1 && (
        <ul className="space-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          {uploads.files.map((file, index) => (
            <li key={`${index}-${file.name}`} className="flex justify-between gap-3">
              <span className="truncate">{file.name}</span>
              <span className="tabular-nums">{file.percent}%</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
