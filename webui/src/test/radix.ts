/**
 * Radix's positioned content (popovers, menus) measures itself with
 * ResizeObserver, which jsdom lacks. Call in beforeEach: the stub is removed
 * after each test (unstubGlobals), so tests of fallbacks without it still see none.
 */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
