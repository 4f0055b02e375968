// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Masonry, type MasonryProps } from './Masonry';

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function renderGrid(count: number, props: Omit<MasonryProps, 'children'> = {}) {
  const result = render(
    <Masonry {...props}>
      {Array.from({ length: count }, (_, index) => (
        <p key={`item-${index}`}>{`item ${index}`}</p>
      ))}
    </Masonry>,
  );
  const columns = () => Array.from(result.container.querySelectorAll<HTMLElement>('[data-masonry-column]'));
  const itemsPerColumn = () => columns().map((column) => Array.from(column.querySelectorAll('p'), (p) => p.textContent));
  return { ...result, columns, itemsPerColumn };
}

function resizeTo(width: number) {
  setWindowWidth(width);
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

describe('Masonry', () => {
  let originalWidth: number;
  beforeEach(() => {
    originalWidth = window.innerWidth;
    setWindowWidth(1280);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    setWindowWidth(originalWidth);
  });

  it('has 3 columns by default and deals items round-robin without ResizeObserver', () => {
    expect(typeof ResizeObserver).toBe('undefined');
    const { itemsPerColumn } = renderGrid(7);
    expect(itemsPerColumn()).toEqual([
      ['item 0', 'item 3', 'item 6'],
      ['item 1', 'item 4'],
      ['item 2', 'item 5'],
    ]);
  });

  it('uses the columns prop when no breakpoint applies', () => {
    const { columns } = renderGrid(4, { columns: 4, breakpoints: { 640: 1 } });
    expect(columns()).toHaveLength(4);
  });

  it('applies breakpoints 50 ms after the window stops resizing', () => {
    vi.useFakeTimers();
    const { columns } = renderGrid(6, { columns: 4, breakpoints: { 640: 1, 1024: 2 } });
    expect(columns()).toHaveLength(4);

    resizeTo(900);
    act(() => vi.advanceTimersByTime(49));
    expect(columns()).toHaveLength(4);
    resizeTo(800);
    act(() => vi.advanceTimersByTime(49));
    expect(columns()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(columns()).toHaveLength(2);

    resizeTo(640);
    act(() => vi.advanceTimersByTime(50));
    expect(columns()).toHaveLength(1);

    resizeTo(1025);
    act(() => vi.advanceTimersByTime(50));
    expect(columns()).toHaveLength(4);
  });

  it('reads breakpoints at first render', () => {
    setWindowWidth(500);
    const { columns } = renderGrid(3, { breakpoints: { 640: 2 } });
    expect(columns()).toHaveLength(2);
  });

  it('never goes below minColumns', () => {
    setWindowWidth(500);
    expect(renderGrid(3, { breakpoints: { 640: 1 }, minColumns: 2 }).columns()).toHaveLength(2);
    cleanup();
    expect(renderGrid(3, { columns: 0 }).columns()).toHaveLength(1);
  });

  it('spaces columns and items by the gutter', () => {
    const { container, columns } = renderGrid(3, { gutter: 12 });
    expect((container.firstElementChild as HTMLElement).style.gap).toBe('12px');
    for (const column of columns()) expect(column.style.gap).toBe('12px');
  });

  it('has no gutter by default', () => {
    const { container } = renderGrid(3);
    expect((container.firstElementChild as HTMLElement).style.gap).toBe('0px');
  });

  it('stops listening to resizes on unmount', () => {
    vi.useFakeTimers();
    const { unmount } = renderGrid(3, { breakpoints: { 640: 1 } });
    resizeTo(500);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  describe('with ResizeObserver', () => {
    class FakeResizeObserver {
      static current: FakeResizeObserver | undefined;
      readonly observed = new Set<Element>();
      constructor(private readonly callback: ResizeObserverCallback) {
        FakeResizeObserver.current = this;
      }
      observe(element: Element) {
        this.observed.add(element);
      }
      unobserve(element: Element) {
        this.observed.delete(element);
      }
      disconnect() {
        this.observed.clear();
      }
      /** Reports every observed item with the height given for its text. */
      report(heights: Record<string, number>) {
        const entries = Array.from(this.observed, (target) => {
          const height = heights[target.textContent ?? ''];
          return { target, contentRect: { height }, borderBoxSize: [{ blockSize: height, inlineSize: 100 }] };
        });
        act(() => this.callback(entries as unknown as ResizeObserverEntry[], this as unknown as ResizeObserver));
      }
    }

    beforeEach(() => {
      vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    const heights = { 'item 0': 300, 'item 1': 100, 'item 2': 100, 'item 3': 100, 'item 4': 100 };

    it('places each item in the shortest column once heights are measured', () => {
      const { itemsPerColumn } = renderGrid(5);
      expect(itemsPerColumn()[0]).toEqual(['item 0', 'item 3']);
      FakeResizeObserver.current?.report(heights);
      expect(itemsPerColumn()).toEqual([['item 0'], ['item 1', 'item 3'], ['item 2', 'item 4']]);
      FakeResizeObserver.current?.report(heights);
      expect(itemsPerColumn()).toEqual([['item 0'], ['item 1', 'item 3'], ['item 2', 'item 4']]);
    });

    it('keeps placed items where they are when unmeasured items are appended', () => {
      const { rerender, itemsPerColumn } = renderGrid(5);
      FakeResizeObserver.current?.report(heights);
      rerender(
        <Masonry>
          {Array.from({ length: 6 }, (_, index) => (
            <p key={`item-${index}`}>{`item ${index}`}</p>
          ))}
        </Masonry>,
      );
      expect(itemsPerColumn()).toEqual([['item 0'], ['item 1', 'item 3', 'item 5'], ['item 2', 'item 4']]);
    });
  });
});
