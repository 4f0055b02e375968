import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export interface ScrollMenuProps {
  children: ReactNode;
  /** Scroll sideways (default true). */
  horizontal?: boolean;
  /** Scroll vertically (default false). */
  vertical?: boolean;
  /** Gap between items, a CSS length or pixels. */
  gap?: number | string;
  /** Padding of the container, a CSS length or pixels. */
  padding?: number | string;
  /** Background colour; the leading fade uses it too. */
  background?: string;
  className?: string;
  'aria-label'?: string;
}

const length = (value: number | string | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * A menu container that scrolls sideways (optionally vertically), and gets the
 * `show-before` class once scrolled away from its start so a fade marks the cut.
 */
export function ScrollMenu({
  children,
  horizontal = true,
  vertical = false,
  gap,
  padding,
  background,
  className = '',
  ...aria
}: ScrollMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || !horizontal) return;
    const onScroll = () => setScrolled(element.scrollLeft > 0);
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [horizontal]);

  const style: CSSProperties & Record<'--scroll-menu-bg', string | undefined> = {
    gap: length(gap),
    padding: length(padding),
    background,
    overflowX: horizontal ? 'auto' : 'hidden',
    overflowY: vertical ? 'auto' : 'hidden',
    '--scroll-menu-bg': background,
  };

  return (
    <div
      ref={ref}
      {...aria}
      style={style}
      className={`scroll-menu scrollbar-none flex ${vertical && !horizontal ? 'flex-col' : 'flex-row items-center whitespace-nowrap'} ${scrolled ? 'show-before' : ''} ${className}`}
    >
      {children}
    </div>
  );
}
