import { observer } from 'mobx-react-lite';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '../../i18n/languages';
import type { Text } from '../../models/builder';
import { useBuilder } from './context';

export const INPUT =
  'h-9 w-full min-w-0 rounded-lg bg-zinc-100/80 px-2.5 text-sm outline-none ring-1 ring-inset ring-transparent transition placeholder:text-zinc-400 focus:bg-white focus:ring-2 focus:ring-brand-500 dark:bg-zinc-800/70 dark:focus:bg-zinc-900';
export const SMALL_BUTTON =
  'inline-flex h-8 items-center justify-center gap-1.5 rounded-lg px-2.5 text-xs font-medium text-zinc-700 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800';
export const ICON_BUTTON =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 transition hover:bg-zinc-200/70 hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-30 dark:hover:bg-zinc-700 dark:hover:text-zinc-100';

/** A titled group of inspector fields. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="space-y-3 border-b border-zinc-100 px-4 py-4 last:border-0 dark:border-zinc-800">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A label above its control. */
export function Labeled({ label, children, htmlFor, aside }: { label: string; children: ReactNode; htmlFor?: string; aside?: ReactNode }) {
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          {label}
        </label>
        {aside}
      </div>
      {children}
    </div>
  );
}

/** Which languages of a text are filled, each a button that edits in that language. */
export const LangMarkers = observer(function LangMarkers({ text }: { text: Text | undefined }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  return (
    <span className="flex gap-1">
      {LANGUAGES.map((lang) => {
        const empty = !text?.[lang]?.trim();
        return (
          <button
            key={lang}
            type="button"
            onClick={() => builder.setLang(lang)}
            data-empty={empty}
            aria-pressed={builder.lang === lang}
            title={empty ? t('page.builder.field.langEmpty', { lang }) : t('page.builder.field.langFilled', { lang })}
            className="rounded px-1 text-[10px] font-medium uppercase leading-4 ring-1 ring-inset ring-zinc-200 aria-pressed:bg-zinc-900 aria-pressed:text-white data-[empty=true]:text-amber-600 data-[empty=true]:ring-amber-300 dark:ring-zinc-700 dark:aria-pressed:bg-white dark:aria-pressed:text-zinc-900"
          >
            {lang === 'zh-hans' ? '中' : lang}
            {empty && <span aria-hidden>·</span>}
          </button>
        );
      })}
    </span>
  );
});

/** A per-language text field: edits the builder locale's text, and shows which languages are still empty. */
export const LangTextField = observer(function LangTextField({
  label,
  value,
  onChange,
  multiline = false,
  maxLength = 200,
}: {
  label: string;
  value: Text | undefined;
  onChange: (value: Text) => void;
  multiline?: boolean;
  maxLength?: number;
}) {
  const { builder } = useBuilder();
  const id = useId();
  const lang: Lang = builder.lang;
  const text = value?.[lang] ?? '';
  const set = (next: string) => {
    const copy: Text = { ...value };
    if (next) copy[lang] = next;
    else delete copy[lang];
    onChange(copy);
  };
  return (
    <Labeled label={label} htmlFor={id} aside={<LangMarkers text={value} />}>
      {multiline ? (
        <textarea id={id} lang={lang} rows={3} maxLength={maxLength} value={text} onChange={(event) => set(event.target.value)} className={`${INPUT} h-auto py-2`} />
      ) : (
        <input id={id} lang={lang} maxLength={maxLength} value={text} onChange={(event) => set(event.target.value)} className={INPUT} />
      )}
    </Labeled>
  );
});

export function TextInput({ label, value, onChange, placeholder, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; placeholder?: string; type?: string }) {
  const id = useId();
  return (
    <Labeled label={label} htmlFor={id}>
      <input id={id} type={type} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} className={INPUT} />
    </Labeled>
  );
}

export function NumberInput({ label, value, onChange, min, max }: { label: string; value: number; onChange: (value: number) => void; min: number; max: number }) {
  const id = useId();
  return (
    <Labeled label={label} htmlFor={id}>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(event) => {
          const number = Number(event.target.value);
          if (Number.isFinite(number)) onChange(Math.min(max, Math.max(min, Math.round(number))));
        }}
        className={INPUT}
      />
    </Labeled>
  );
}

export function SelectInput<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <Labeled label={label} htmlFor={id}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)} className={INPUT}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labeled>
  );
}

export function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
}

/** A CSS colour: a swatch picker beside the text (empty means the theme's). */
export function ColorInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value : '#ffffff';
  return (
    <Labeled label={label} htmlFor={id}>
      <div className="flex gap-2">
        <input type="color" aria-label={label} value={hex} onChange={(event) => onChange(event.target.value)} className="h-9 w-10 shrink-0 cursor-pointer rounded-lg bg-transparent" />
        <input id={id} value={value} placeholder="#0f172a" onChange={(event) => onChange(event.target.value.trim())} className={INPUT} />
      </div>
    </Labeled>
  );
}
