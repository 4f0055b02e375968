import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { errorText, type FieldError } from './submission';

/** A select styled like the site's text fields (the caller sets its width). */
export const SELECT =
  'h-11 min-w-0 rounded-xl bg-zinc-100/80 px-3 text-[0.9375rem] outline-none ring-1 ring-inset ring-transparent transition focus:bg-white focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-500 dark:bg-zinc-800/70 dark:focus:bg-zinc-900';

/** A text input styled like the site's text fields (without a frame around it). */
export const TEXT_INPUT =
  'h-11 w-full min-w-0 rounded-xl bg-zinc-100/80 px-3.5 text-[0.9375rem] outline-none ring-1 ring-inset ring-transparent transition placeholder:text-zinc-400 focus:bg-white focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-500 dark:bg-zinc-800/70 dark:placeholder:text-zinc-500 dark:focus:bg-zinc-900';

/** A secondary action (same corners as the primary button; the caller sets its height). */
export const SECONDARY_ACTION =
  'inline-flex items-center justify-center gap-2 rounded-xl px-4 text-sm font-medium text-zinc-700 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800';

/** The pill of a radio choice (the type switch, the gate entries, money or credit). */
export const CHOICE =
  'flex h-9 cursor-pointer select-none items-center gap-1.5 rounded-full bg-zinc-100/80 px-3.5 text-sm ring-1 ring-inset ring-transparent transition has-[:checked]:bg-brand-50 has-[:checked]:font-medium has-[:checked]:text-brand-800 has-[:checked]:ring-brand-500 has-[:focus-visible]:ring-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 dark:bg-zinc-800/70 dark:has-[:checked]:bg-brand-400/10 dark:has-[:checked]:text-brand-300';

/** The id of a field's error text. */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/** A field's error under it, announced when it appears. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={errorId(id)} role="alert" className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
      {errorText(error, t)}
    </p>
  );
}

/** A labelled block of the form, its error under it. */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: FieldError;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label} {required && <span className="text-rose-600" aria-hidden>*</span>}
      </label>
      {children}
      {hint && !error && <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>}
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** A labelled one-line text field with its hint and error. */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: FieldError;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        placeholder={placeholder}
        className={TEXT_INPUT}
      />
    </Field>
  );
}

/** A group of radio pills with a legend. */
export function ChoiceGroup({ legend, children, error, id }: { legend: string; children: ReactNode; error?: FieldError; id: string }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={legend} aria-describedby={error ? errorId(id) : undefined}>
        {children}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

/** One radio pill. */
export function Choice({
  name,
  value,
  checked,
  onSelect,
  disabled,
  children,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label className={CHOICE} data-testid={testId}>
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onSelect} className="sr-only" />
      {children}
    </label>
  );
}

/** The site's currencies to price something in, by their ISO symbol. */
export const CurrencySelect = observer(function CurrencySelect({ value, onChange }: { value: string; onChange: (currency: string) => void }) {
  const { settings } = useStores();
  const { t } = useTranslation();
  return (
    <select aria-label={t('page.create.currency')} value={value} onChange={(event) => onChange(event.target.value)} className={`${SELECT} w-28 shrink-0`}>
      {settings.currencies.map((entry) => (
        <option key={entry.code} value={entry.code}>
          {entry.symbol_iso || entry.code}
        </option>
      ))}
    </select>
  );
});
