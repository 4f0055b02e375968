import { forwardRef, type ButtonHTMLAttributes } from 'react';

/** A round icon button of the header, labelled for screen readers. */
export const HeaderButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { label: string }>(
  function HeaderButton({ label, className = '', children, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-label={label}
        title={label}
        className={`inline-flex size-8 shrink-0 sm:size-9 items-center justify-center rounded-full opacity-80 transition hover:bg-zinc-900/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10 ${className}`}
        {...props}
      >
        {children}
      </button>
    );
  },
);
