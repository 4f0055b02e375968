import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsSection, Texts } from '../../../api/adminSettings';
import { LANGUAGES, NATIVE_NAME } from '../../../i18n/languages';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';

export const INPUT =
  'h-9 w-full min-w-0 rounded-lg bg-zinc-100/80 px-3 text-sm outline-none ring-1 ring-inset ring-transparent transition placeholder:text-zinc-400 focus:bg-white focus:ring-2 focus:ring-brand-500 disabled:opacity-60 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-500 dark:bg-zinc-800/70 dark:focus:bg-zinc-900';
export const ICON_BUTTON =
  'inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-800 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
export const ROW = 'rounded-xl p-3 ring-1 ring-zinc-200 dark:ring-zinc-800 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-500';

/** The section a panel edits, for the fields inside it to find its store and its refusal. */
export const SectionContext = createContext<{ store: SettingsAdminStore; section: SettingsSection } | null>(null);

export function useSection() {
  const context = useContext(SectionContext);
  if (!context) throw new Error('settings fields must be inside a SettingsPanel');
  return context;
}

/**
 * The message of the section's refusal when it names `path` (exactly, or inside it when `within`);
 * a scalar section's one field is `value`.
 */
export function useFieldError(path: string, within = false): string | undefined {
  const { store, section } = useSection();
  const error = store.errors.get(section);
  if (!error || error.stale || error.path === null) return undefined;
  const hit = error.path === path || (within && (error.path.startsWith(`${path}.`) || error.path.startsWith(`${path}[`)));
  return hit ? error.message : undefined;
}

/** What a labelled control carries: its id, its path, and whether the server refused it. */
export interface ControlProps {
  id: string;
  'data-field': string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A control with its label above and, under it, the server's refusal naming its path (inside it
 * when `within`) or else its hint.
 */
export const Labelled = observer(function Labelled({
  path,
  label,
  hint,
  within = false,
  className,
  children,
}: {
  path: string;
  label: string;
  hint?: ReactNode;
  within?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const error = useFieldError(path, within);
  const control: ControlProps = {
    id,
    'data-field': path,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${id}-note` : undefined,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {label}
      </label>
      {children(control)}
      {error ? (
        <p id={`${id}-note`} role="alert" className="mt-1 text-xs text-rose-600 dark:text-rose-400">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-note`} className="mt-1 text-xs text-zinc-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
});

interface InputProps {
  /** The value's JSON path as the server names it (`value[1].code`). */
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  inputMode?: 'numeric' | 'decimal' | 'url' | 'text';
}

/** A labelled one-line text input; the server's refusal naming its path shows under it. */
export function TextInput({ path, label, value, onChange, placeholder, hint, className, inputMode }: InputProps) {
  return (
    <Labelled path={path} label={label} hint={hint} className={className}>
      {(control) => (
        <input {...control} value={value} placeholder={placeholder} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} className={INPUT} />
      )}
    </Labelled>
  );
}

/** A whole-number input: what is typed stays as typed until it is a number. */
export function NumberInput({
  value,
  onChange,
  ...props
}: Omit<InputProps, 'value' | 'onChange' | 'inputMode'> & { value: number; onChange: (value: number) => void }) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      value={Number.isFinite(value) ? String(value) : ''}
      onChange={(text) => onChange(text.trim() === '' ? 0 : Number(text.replace(/[^\d-]/g, '')) || 0)}
    />
  );
}

/** A labelled select. */
export function SelectInput({
  path,
  label,
  value,
  options,
  onChange,
  className,
}: {
  path: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Labelled path={path} label={label} className={className}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)} className={INPUT}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** A labelled checkbox. */
export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
}

/** One input per site language for a text given in every language (`names`, `caption`). */
export const TextsInput = observer(function TextsInput({
  path,
  label,
  value,
  onChange,
}: {
  path: string;
  label: string;
  value: Texts | undefined;
  onChange: (lang: string, text: string) => void;
}) {
  return (
    <fieldset className="grid gap-2 sm:grid-cols-3">
      <legend className="sr-only">{label}</legend>
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          path={`${path}.${lang}`}
          label={`${label} · ${NATIVE_NAME[lang]}`}
          value={value?.[lang] ?? ''}
          onChange={(text) => onChange(lang, text)}
        />
      ))}
    </fieldset>
  );
});

/**
 * A list of short texts edited one per line (MIME types, extensions, reasons); a refusal naming one
 * of its items (`value.image.mime[2]`) shows under it.
 */
export function LinesInput({
  path,
  label,
  values,
  onChange,
  hint,
}: {
  path: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  hint?: ReactNode;
}) {
  return (
    <Labelled path={path} label={label} hint={hint} within>
      {(control) => (
        <textarea
          {...control}
          rows={Math.min(Math.max(values.length + 1, 2), 8)}
          value={values.join('\n')}
          onChange={(event) => onChange(event.target.value.split('\n'))}
          onBlur={() => onChange(values.map((line) => line.trim()).filter(Boolean))}
          className={`${INPUT} h-auto py-2`}
        />
      )}
    </Labelled>
  );
}

/** Moves item `from` of list one step up (-1) or down (+1). */
export function move<T>(list: T[], from: number, step: -1 | 1) {
  const to = from + step;
  if (to < 0 || to >= list.length) return;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item as T);
}

/** A row of a list section: its fields, and the buttons that move it or remove it. */
export const RowCard = observer(function RowCard({
  path,
  title,
  index,
  count,
  onMove,
  onRemove,
  children,
}: {
  path: string;
  title: string;
  index: number;
  count: number;
  onMove?: (step: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const error = useFieldError(path);
  return (
    <li className={ROW} data-field={path} aria-invalid={error ? true : undefined} data-testid="settings-row">
      <div className="mb-2 flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</span>
        {onMove && (
          <>
            <button type="button" className={ICON_BUTTON} disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('admin.settings.moveUp', { name: title })}>
              <ArrowUp className="size-4" aria-hidden />
            </button>
            <button type="button" className={ICON_BUTTON} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('admin.settings.moveDown', { name: title })}>
              <ArrowDown className="size-4" aria-hidden />
            </button>
          </>
        )}
        <button type="button" className={`${ICON_BUTTON} hover:text-rose-600`} onClick={onRemove} aria-label={t('admin.settings.remove', { name: title })}>
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
      {error && (
        <p role="alert" className="mb-2 text-xs text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
      <div className="space-y-3">{children}</div>
    </li>
  );
});

/** The button that adds a row to a list section. */
export function AddButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-brand-700 ring-1 ring-inset ring-brand-200 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-brand-300 dark:ring-brand-800 dark:hover:bg-brand-400/10"
    >
      <Plus className="size-4" aria-hidden />
      {label}
    </button>
  );
}
