import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { shouldShowTimeDivider } from '../../utils/time';
import { TimeDivider } from './TimeDivider';

/** SPEC §9: load older entries within 50 px of the top; follow new ones only within 10 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 50;
export const AUTO_SCROLL_TOLERANCE_PX = 10;
/** Virtuoso's index of the first page; older pages take the indexes below it, so the view stays put. */
const FIRST_ITEM_INDEX = 1_000_000;

interface FeedEntry<T> {
  item: T;
  divider: boolean;
}

/** The entries with a time divider before the first and wherever two are more than `gapMs` apart. */
export function withTimeDividers<T>(items: T[], timeOf: (item: T) => number, gapMs: number): FeedEntry<T>[] {
  let previous: number | undefined;
  return items.map((item) => {
    const at = timeOf(item);
    const divider = shouldShowTimeDivider(previous, at, gapMs);
    previous = at;
    return { item, divider };
  });
}

export interface ReverseFeedProps<T> {
  testId: string;
  /** Oldest first: the newest is at the bottom. */
  items: T[];
  keyOf: (item: T) => string;
  timeOf: (item: T) => number;
  /** Two entries further apart than this get a time divider between them. */
  dividerGapMs: number;
  dividerTestId?: string;
  /** How many entries older pages put before the first page (the store's `prepended`). */
  prepended: number;
  hasOlder: boolean;
  onLoadOlder: () => void;
  /** The line above the oldest entry: more are loading, or this is the beginning. */
  olderLabel: string;
  beginningLabel: string;
  /** Follows a new last entry even when the list is not at the bottom (the viewer's own message). */
  alwaysFollow?: (last: T) => boolean;
  children: (item: T) => ReactNode;
}

/**
 * A bottom-anchored virtual list fed by a live store (chat, private messages, notifications): it
 * opens at the newest entry, loads older pages as it is scrolled to the top without moving the
 * view, and follows new entries while at the bottom.
 */
export function ReverseFeed<T>({
  testId,
  items,
  keyOf,
  timeOf,
  dividerGapMs,
  dividerTestId,
  prepended,
  hasOlder,
  onLoadOlder,
  olderLabel,
  beginningLabel,
  alwaysFollow,
  children,
}: ReverseFeedProps<T>) {
  const { i18n } = useTranslation();
  const entries = withTimeDividers(items, timeOf, dividerGapMs);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  useStickToBottom(scroller);
  // The viewer's own new entry is followed wherever the list was; it is
  // soon replaced by the stored one, so the list scrolls as it appears.
  const last = entries.at(-1);
  const lastKey = last ? keyOf(last.item) : '';
  const followLast = last !== undefined && alwaysFollow?.(last.item) === true;
  useEffect(() => {
    if (followLast) scrollToEnd(scroller);
  }, [lastKey, followLast, scroller]);
  return (
    <Virtuoso<FeedEntry<T>>
      scrollerRef={(node) => setScroller(node instanceof HTMLElement ? node : null)}
      data-testid={testId}
      className="min-h-0 flex-1 overscroll-contain"
      style={{ height: '100%' }}
      data={entries}
      firstItemIndex={FIRST_ITEM_INDEX - prepended}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      alignToBottom
      computeItemKey={(_, entry) => keyOf(entry.item)}
      atTopThreshold={LOAD_MORE_THRESHOLD_PX}
      atTopStateChange={(atTop) => {
        if (atTop) onLoadOlder();
      }}
      atBottomThreshold={AUTO_SCROLL_TOLERANCE_PX}
      followOutput={(atBottom) => {
        const last = entries[entries.length - 1];
        return atBottom || (last && alwaysFollow?.(last.item)) ? 'auto' : false;
      }}
      components={{
        Header: () => <div className="py-3 text-center text-xs text-zinc-400">{hasOlder ? olderLabel : beginningLabel}</div>,
        Footer: () => <div className="h-3" />,
      }}
      itemContent={(_, entry) => (
        <>
          {entry.divider && <TimeDivider at={timeOf(entry.item)} lang={i18n.language} testId={dividerTestId} />}
          {children(entry.item)}
        </>
      )}
    />
  );
}

/**
 * Keeps a list that was at its bottom there when its viewport or its content
 * changes size: the online bar or the composer appearing around it after the
 * first page was laid out, avatars and fonts arriving, an entry growing. The
 * scroll offset stays put through such changes, which would otherwise leave
 * the newest entries out of view; a list the reader scrolled up stays where
 * it is.
 */
function useStickToBottom(scroller: HTMLElement | null) {
  useEffect(() => {
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    let seen = { top: scroller.scrollTop, height: scroller.clientHeight, content: scroller.scrollHeight };
    const atBottom = (at: typeof seen) => at.content - at.top - at.height <= AUTO_SCROLL_TOLERANCE_PX;
    const remember = () => {
      seen = { top: scroller.scrollTop, height: scroller.clientHeight, content: scroller.scrollHeight };
    };
    const observer = new ResizeObserver(() => {
      const now = { top: scroller.scrollTop, height: scroller.clientHeight, content: scroller.scrollHeight };
      if (atBottom(seen) && !atBottom(now)) scrollToEnd(scroller);
      remember();
    });
    observer.observe(scroller);
    // The viewport, and inside it the header and the item list, whose
    // heights change as entries are measured.
    for (const child of Array.from(scroller.children)) {
      observer.observe(child);
      for (const grandchild of Array.from(child.children)) observer.observe(grandchild);
    }
    scroller.addEventListener('scroll', remember, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', remember);
    };
  }, [scroller]);
}

/** Scrolls to the very end, where the virtual list renders its newest entries. */
function scrollToEnd(scroller: HTMLElement | null) {
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
}
