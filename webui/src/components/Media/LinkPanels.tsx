import { observer } from 'mobx-react-lite';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaType } from '../../models/MediaItem';
import { useStores } from '../../stores/StoresContext';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

const FIELD =
  'w-full rounded-xl bg-zinc-100/80 px-3.5 py-2.5 text-sm outline-none ring-1 ring-inset ring-transparent transition focus:bg-white focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-500 dark:bg-zinc-800/70 dark:focus:bg-zinc-900';
const INSERT =
  'inline-flex h-10 items-center justify-center rounded-full bg-brand-600 px-5 text-sm font-medium text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/** An http(s) address, or null. */
export function httpUrl(value: string, httpsOnly = false): URL | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || (!httpsOnly && url.protocol === 'http:')) return url;
  } catch {
    // not an address
  }
  return null;
}

/**
 * Reads the iframe tab's input: an `<iframe>` code (its src, width and height) or an address.
 * Only an https source is taken; nothing of the pasted markup but those three is kept.
 */
export function parseIframe(input: string): { src: string; width?: number; height?: number } | null {
  const text = input.trim();
  if (!/^<iframe[\s>]/i.test(text)) {
    const url = httpUrl(text, true);
    return url ? { src: url.href } : null;
  }
  const frame = new DOMParser().parseFromString(text, 'text/html').querySelector('iframe');
  const url = httpUrl(frame?.getAttribute('src') ?? '', true);
  if (!frame || !url) return null;
  const size = (name: string) => {
    const value = Number.parseInt(frame.getAttribute(name) ?? '', 10);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  return { src: url.href, width: size('width'), height: size('height') };
}

function Field({ label, error, children }: { label: string; error?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children(id)}
      {error && <p className="text-xs text-rose-600 dark:text-rose-400">{error}</p>}
    </div>
  );
}

/** The embed tab (video only): a video page's address, which the server turns into a provider's player (utils.getEmbed). */
export const EmbedPanel = observer(function EmbedPanel() {
  const { media } = useStores();
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!httpUrl(url)) return setError(t('common.editor.library.urlRequired'));
    setError('');
    setBusy(true);
    const embed = await media.embed(url.trim());
    setBusy(false);
    if (embed) media.insert({ kind: 'embed', url: url.trim(), ...embed });
  };

  return (
    <form noValidate className="space-y-4 p-5" onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('common.editor.library.embed.hint')}</p>
      <Field label={t('common.editor.library.embed.url')} error={error}>
        {(id) => <input id={id} type="url" inputMode="url" placeholder="https://" value={url} aria-invalid={Boolean(error)} onChange={(e) => setUrl(e.target.value)} className={FIELD} />}
      </Field>
      <button type="submit" disabled={busy} className={INSERT}>
        {t('common.editor.library.insert')}
      </button>
    </form>
  );
});

/** The iframe tab (video only): an `<iframe>` code or an https address of a player. */
export const IframePanel = observer(function IframePanel() {
  const { media, toasts } = useStores();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const submit = () => {
    const frame = parseIframe(code);
    if (!frame) {
      setError(t('common.editor.library.iframe.invalid'));
      toasts.error(t('common.editor.library.insertFail'));
      return;
    }
    media.insert({ kind: 'iframe', ...frame });
  };

  return (
    <form noValidate className="space-y-4 p-5" onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}>
      <Field label={t('common.editor.library.iframe.code')} error={error}>
        {(id) => (
          <textarea
            id={id}
            rows={4}
            value={code}
            aria-invalid={Boolean(error)}
            placeholder='<iframe src="https://…"></iframe>'
            onChange={(e) => setCode(e.target.value)}
            className={`${FIELD} resize-none font-mono text-xs`}
          />
        )}
      </Field>
      <button type="submit" className={INSERT}>
        {t('common.editor.library.insert')}
      </button>
    </form>
  );
});

/**
 * The external tab (video, audio, attachments): a file kept elsewhere. The title is required but
 * for a video; an attachment also takes its size, unzip password and extraction code (SPEC §5).
 */
export const ExternalPanel = observer(function ExternalPanel({ type }: { type: MediaType }) {
  const { media } = useStores();
  const { t } = useTranslation();
  const [fields, setFields] = useState({ url: '', title: '', fileSize: '', unzipPassword: '', extractionCode: '' });
  const [errors, setErrors] = useState<{ url?: string; title?: string }>({});
  const set = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields((held) => ({ ...held, [name]: event.target.value }));
  const attachment = type === 'attachment';

  const submit = () => {
    const next: typeof errors = {};
    if (!httpUrl(fields.url)) next.url = t('common.editor.library.urlRequired');
    if (type !== 'video' && !fields.title.trim()) next.title = t('common.editor.library.external.titleRequired');
    setErrors(next);
    if (next.url || next.title) return;
    media.insert({
      kind: 'external',
      type,
      url: fields.url.trim(),
      title: fields.title.trim(),
      ...(attachment ? { fileSize: fields.fileSize.trim(), unzipPassword: fields.unzipPassword.trim(), extractionCode: fields.extractionCode.trim() } : {}),
    });
  };

  return (
    <form noValidate className="space-y-4 overflow-y-auto p-5" onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}>
      <Field label={t('common.editor.library.external.url')} error={errors.url}>
        {(id) => <input id={id} type="url" inputMode="url" placeholder="https://" value={fields.url} aria-invalid={Boolean(errors.url)} onChange={set('url')} className={FIELD} />}
      </Field>
      <Field label={t(type === 'video' ? 'common.editor.library.external.titleOptional' : 'common.editor.library.external.title')} error={errors.title}>
        {(id) => <input id={id} value={fields.title} maxLength={200} aria-invalid={Boolean(errors.title)} onChange={set('title')} className={FIELD} />}
      </Field>
      {attachment && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('common.editor.library.external.fileSize')}>
            {(id) => <input id={id} value={fields.fileSize} maxLength={40} placeholder="12 MB" onChange={set('fileSize')} className={FIELD} />}
          </Field>
          <Field label={t('common.editor.library.external.unzipPassword')}>
            {(id) => <input id={id} value={fields.unzipPassword} maxLength={100} autoComplete="off" onChange={set('unzipPassword')} className={FIELD} />}
          </Field>
          <Field label={t('common.editor.library.external.extractionCode')}>
            {(id) => <input id={id} value={fields.extractionCode} maxLength={100} autoComplete="off" onChange={set('extractionCode')} className={FIELD} />}
          </Field>
        </div>
      )}
      <button type="submit" className={INSERT}>
        {t('common.editor.library.insert')}
      </button>
    </form>
  );
});
