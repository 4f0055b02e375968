/**
 * An on/off switch (a button with role switch): `label` names it for assistive technology when no
 * visible label points at it.
 */
export function Switch({
  checked,
  onChange,
  label,
  disabled = false,
  id,
  describedBy,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  id?: string;
  describedBy?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-zinc-300 transition outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-checked:bg-brand-600 dark:bg-zinc-700 dark:focus-visible:ring-offset-zinc-900 dark:aria-checked:bg-brand-500"
    >
      <span
        aria-hidden
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}
