/** A small red counter (unread messages, notifications); nothing when zero. */
export function CountBadge({ value, className = '', label }: { value: number; className?: string; label?: string }) {
  if (value <= 0) return null;
  return (
    <span
      aria-label={label}
      className={`inline-grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-rose-500 px-1 text-[0.6875rem] font-semibold leading-none tabular-nums text-white ${className}`}
    >
      {value > 99 ? '99+' : value}
    </span>
  );
}
