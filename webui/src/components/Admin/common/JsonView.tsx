import { useTranslation } from 'react-i18next';

/** JSON text indented for reading; text that is not JSON is shown as it is. */
export function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A titled block of pretty-printed JSON (a before or after state, a request's input). With
 * `against` (the other side of a change), the lines that side does not have are marked.
 */
export function JsonView({ title, text, against, testId }: { title: string; text: string; against?: string; testId?: string }) {
  const { t } = useTranslation();
  const pretty = prettyJson(text);
  const other = against === undefined ? null : new Set(prettyJson(against).split('\n'));
  return (
    <section className="flex min-w-0 flex-col gap-1.5" data-testid={testId}>
      <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{title}</h3>
      {pretty && pretty !== 'null' ? (
        <pre className="max-h-96 overflow-auto rounded-xl bg-zinc-50 p-3 text-xs leading-relaxed text-zinc-800 ring-1 ring-zinc-900/5 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-white/10">
          {other
            ? pretty.split('\n').map((line, index, lines) => (
                <span key={index} data-changed={other.has(line) ? undefined : 'true'} className="block data-[changed=true]:bg-amber-100 dark:data-[changed=true]:bg-amber-400/15">
                  {index < lines.length - 1 ? `${line}\n` : line}
                </span>
              ))
            : pretty}
        </pre>
      ) : (
        <p className="rounded-xl bg-zinc-50 p-3 text-xs text-zinc-400 dark:bg-zinc-950">{t('admin.frame.nothing')}</p>
      )}
    </section>
  );
}
