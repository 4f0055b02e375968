import { Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../common/DecimalInput';

/**
 * A quantity between 1 and `max` (the stock): − and + buttons around a whole-number field that
 * follows the decimal input rule (SPEC §5) with 0 decimals.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
  label,
  size = 'md',
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const top = Math.max(1, max);
  const set = (next: number) => {
    const clamped = Math.min(top, Math.max(1, Math.floor(next) || 1));
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };
  const button =
    'grid place-items-center text-zinc-600 transition hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800';
  const box = size === 'sm' ? 'h-8' : 'h-10';
  const cell = size === 'sm' ? 'w-8' : 'w-10';
  return (
    <div className={`inline-flex ${box} items-stretch overflow-hidden rounded-xl ring-1 ring-zinc-200 dark:ring-zinc-700`} data-testid="quantity-stepper">
      <button type="button" className={`${button} ${cell}`} onClick={() => set(value - 1)} disabled={disabled || value <= 1} aria-label={t('shop.quantity.less')}>
        <Minus className="size-4" aria-hidden />
      </button>
      <DecimalInput
        value={text}
        decimals={0}
        min={1}
        max={top}
        disabled={disabled}
        aria-label={label ?? t('shop.quantity.label')}
        onChange={(next) => {
          setText(next);
          const number = Number(next);
          if (next !== '' && Number.isFinite(number) && number >= 1 && number <= top && number !== value) onChange(number);
        }}
        onBlur={() => set(Number(text) || value)}
        className="w-12 border-x border-zinc-200 bg-transparent text-center text-sm tabular-nums outline-none dark:border-zinc-700"
      />
      <button type="button" className={`${button} ${cell}`} onClick={() => set(value + 1)} disabled={disabled || value >= top} aria-label={t('shop.quantity.more')}>
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
