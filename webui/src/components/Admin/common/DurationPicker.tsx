import { useTranslation } from 'react-i18next';

/** A duration in minutes; 0 is "permanent" where the operation allows it. */
export interface DurationPreset {
  minutes: number;
  /** The i18n key of its label. */
  labelKey: string;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** A ban's durations: 1 hour, 1 day, 7 days, 30 days, permanent. */
export const BAN_DURATIONS: readonly DurationPreset[] = [
  { minutes: HOUR, labelKey: 'admin.frame.duration.hour' },
  { minutes: DAY, labelKey: 'admin.frame.duration.day' },
  { minutes: 7 * DAY, labelKey: 'admin.frame.duration.week' },
  { minutes: 30 * DAY, labelKey: 'admin.frame.duration.month' },
  { minutes: 0, labelKey: 'admin.frame.duration.permanent' },
];

/** A choice between preset durations, as radio buttons. */
export function DurationPicker({
  presets,
  value,
  onChange,
  label,
  name,
}: {
  presets: readonly DurationPreset[];
  value: number;
  onChange: (minutes: number) => void;
  label: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-300">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {presets.map((preset) => (
          <label
            key={preset.minutes}
            className="cursor-pointer rounded-full px-3 py-1.5 text-xs font-medium ring-1 ring-zinc-200 transition has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:checked]:ring-zinc-900 dark:ring-zinc-700 dark:has-[:checked]:bg-white dark:has-[:checked]:text-zinc-900"
          >
            <input type="radio" className="sr-only" name={name} value={preset.minutes} checked={value === preset.minutes} onChange={() => onChange(preset.minutes)} />
            {t(preset.labelKey)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
