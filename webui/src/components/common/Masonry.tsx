import { Children, useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';

/** How long the window must stop resizing before the column count is recomputed (SPEC §9). */
const RESIZE_DEBOUNCE_MS = 50;

/** Props of {@link Masonry}. */
export interface MasonryProps {
  /** The items, each with a stable `key` so measured heights follow them. */
  children: ReactNode;
  /** Columns when no breakpoint applies; 3 when unset. */
  columns?: number;
  /** Space between columns and between items, in px; 0 when unset. */
  gutter?: number;
  /** Never fewer columns than this, whatever `columns` or `breakpoints` say; 1 when unset. */
  minColumns?: number;
  /**
   * Column counts by maximum window width: `{ 640: 1, 1024: 2 }` gives 1 column up to 640 px,
   * 2 up to 1024 px and `columns` above that. The smallest width at or above the window's wins.
   */
  breakpoints?: Record<number, number>;
  /** Class of the outer flex container. */
  className?: string;
  /** Class of each column. */
  columnClassName?: string;
}

function currentWindowWidth(): number {
  return typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth;
}

function columnsForWidth(width: number, columns: number, minColumns: number, breakpoints?: Record<number, number>): number {
  const matching = Object.keys(breakpoints ?? {})
    .map(Number)
    .filter((maxWidth) => width <= maxWidth)
    .sort((a, b) => a - b);
  const chosen = breakpoints && matching.length > 0 ? breakpoints[matching[0]] : columns;
  return Math.max(minColumns, 1, Math.floor(chosen));
}

/**
 * Places each item, in order, in the column that is shortest so far. Items not measured yet count
 * as the average measured height; with nothing measured every item counts the same, which is a
 * round-robin by index. Appending items therefore never moves the ones already placed.
 */
function distribute(keys: string[], heights: ReadonlyMap<string, number>, columnCount: number): number[] {
  const known = keys.map((key) => heights.get(key)).filter((height) => height !== undefined);
  const estimate = known.length > 0 ? known.reduce((sum, height) => sum + height, 0) / known.length : 1;
  const totals = new Array<number>(columnCount).fill(0);
  return keys.map((key) => {
    const shortest = totals.indexOf(Math.min(...totals));
    totals[shortest] += heights.get(key) ?? estimate;
    return shortest;
  });
}

/**
 * A masonry grid: items flow into columns of equal width, each placed in the shortest column.
 * The column count follows the window width (re-read 50 ms after resizing stops). Heights are
 * measured with `ResizeObserver` where the browser has one; without it (jsdom, old browsers)
 * items are dealt round-robin by index. An item moving to another column is remounted.
 */
export function Masonry({ children, columns = 3, gutter = 0, minColumns = 1, breakpoints, className, columnClassName }: MasonryProps) {
  const [windowWidth, setWindowWidth] = useState(currentWindowWidth);
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [observer, setObserver] = useState<ResizeObserver | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWindowWidth(currentWindowWidth()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const resizeObserver = new ResizeObserver((entries) => {
      setHeights((previous) => {
        let next: Map<string, number> | undefined;
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.masonryKey;
          const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
          if (key === undefined || previous.get(key) === height) continue;
          next ??= new Map(previous);
          next.set(key, height);
        }
        return next ?? previous;
      });
    });
    setObserver(resizeObserver);
    return () => resizeObserver.disconnect();
  }, []);

  const observeItem = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !observer) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const items = Children.toArray(children);
  const keys = items.map((item, index) => (typeof item === 'object' && 'key' in item && item.key != null ? String(item.key) : String(index)));
  const columnCount = columnsForWidth(windowWidth, columns, minColumns, breakpoints);
  const placement = distribute(keys, heights, columnCount);

  const containerStyle: CSSProperties = { display: 'flex', alignItems: 'flex-start', gap: gutter };
  const columnStyle: CSSProperties = { flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column', gap: gutter };
  return (
    <div className={className} style={containerStyle}>
      {Array.from({ length: columnCount }, (_, column) => (
        <div key={column} className={columnClassName} style={columnStyle} data-masonry-column={column}>
          {items.map((item, index) =>
            placement[index] === column ? (
              <div key={keys[index]} ref={observeItem} data-masonry-key={keys[index]}>
                {item}
              </div>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}
