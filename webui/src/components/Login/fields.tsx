import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of an input: rounded, with a focus ring, red when invalid. */
export const FIELD_FRAME =
  'flex h-11 items-center overflow-hidden rounded-xl bg-zinc-100/80 ring-1 ring-inset ring-transparent transition focus-within:bg-white focus-within:ring-2 focus-within:ring-brand-500 data-[invalid=true]:ring-2 data-[invalid=true]:ring-rose-500 dark:bg-zinc-800/70 dark:focus-within:bg-zinc-900';

export const INPUT =
  'h-full min-w-0 flex-1 bg-transparent px-3.5 text-[0.9375rem] outline-none placeholder:text-zinc-400 dark:placeholder:text-zinc-500';

export const PRIMARY_BUTTON =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-4 text-[0.9375rem] font-semibold text-white shadow-sm shadow-brand-700/20 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  invalid?: boolean;
  onValueChange: (value: string) => void;
  /** Shown before the input, inside the frame (a dial-code picker). */
  leading?: ReactNode;
  /** Shown after the input, inside the frame (a get-code button). */
  trailing?: ReactNode;
}

/** A labelled input of the login box; the label is for screen readers, the placeholder shows it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, invalid = false, onValueChange, leading, trailing, className = '', ...inputProps },
  ref,
) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className={FIELD_FRAME} data-invalid={invalid}>
        {leading}
        <input
          ref={ref}
          id={id}
          aria-invalid={invalid || undefined}
          placeholder={label}
          className={INPUT}
          onChange={(event) => onValueChange(event.target.value)}
          {...inputProps}
        />
        {trailing}
      </div>
    </div>
  );
});

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? t('common.login.hidePassword') : t('common.login.showPassword')}
          aria-pressed={visible}
          className="mr-1.5 grid size-8 shrink-0 place-items-center rounded-lg text-zinc-400 transition hover:text-zinc-700 dark:hover:text-zinc-200"
        >
          <Icon className="size-4" aria-hidden />
        </button>
      }
    />
  );
}
