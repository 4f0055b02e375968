import { useTranslation } from 'react-i18next';
import { errorId, Field, TEXT_INPUT } from './FormParts';
import { MAX_DEADLINE_MS, type FieldError } from './submission';

/** Quick choices of a deadline, in days from now. */
export const DEADLINE_PRESET_DAYS = [1, 3, 7, 30] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

/** Epoch ms as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as epoch ms; null when empty or not a time. */
export function fromLocalInput(text: string): number | null {
  if (!text) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** The deadline of a bounty or a vote: a date and time within a year, or one of the quick choices. */
export function DeadlineField({
  id,
  label,
  value,
  onChange,
  error,
  now = Date.now(),
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (deadline: number | null) => void;
  error?: FieldError;
  now?: number;
}) {
  const { t } = useTranslation();
  const roundedNow = Math.ceil(now / MINUTE_MS) * MINUTE_MS;
  return (
    <Field id={id} label={label} required error={error}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="datetime-local"
          value={value === null ? '' : toLocalInput(value)}
          min={toLocalInput(roundedNow)}
          max={toLocalInput(now + MAX_DEADLINE_MS)}
          onChange={(event) => onChange(fromLocalInput(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(id) : undefined}
          className={`${TEXT_INPUT} sm:max-w-64`}
        />
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('page.create.deadline.presets')}>
          {DEADLINE_PRESET_DAYS.map((days) => (
            <button
              key={days}
              type="button"
              onClick={() => onChange(roundedNow + days * DAY_MS)}
              className="h-8 rounded-full px-3 text-xs font-medium text-zinc-600 ring-1 ring-zinc-200 transition hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800"
            >
              {t('page.create.deadline.inDays', { count: days })}
            </button>
          ))}
        </div>
      </div>
    </Field>
  );
}
