import type { FocusEvent, InputHTMLAttributes } from 'react';
import { finalizeDecimal, sanitizeDecimal, type DecimalOptions } from '../../utils/decimal';

/** Props of {@link DecimalInput}: a controlled text input holding a decimal as a string. */
export interface DecimalInputProps
  extends DecimalOptions,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max'> {
  /** The current text of the field; `""` when empty. */
  value: string;
  /** Called with the cleaned text after each keystroke and with the final text on blur. */
  onChange: (value: string) => void;
}

/**
 * A number field following the decimal input rule (SPEC §5): keystrokes go through
 * `sanitizeDecimal`, and on blur the value is clamped, padded to `decimals` or cleared by
 * `finalizeDecimal`. It is a text input so that partial values such as `-` or `1.` can be typed.
 */
export function DecimalInput({ value, onChange, min, max, decimals, onBlur, ...inputProps }: DecimalInputProps) {
  const options: DecimalOptions = { min, max, decimals };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const final = finalizeDecimal(value, options);
    if (final !== value) onChange(final);
    onBlur?.(event);
  };
  return (
    <input
      {...inputProps}
      type="text"
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange(sanitizeDecimal(event.target.value, options))}
      onBlur={handleBlur}
    />
  );
}
