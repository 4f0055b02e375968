import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { SHELL_PARTS } from '../components/Layout/shellParts';

// findBy… and waitFor give up after 1 s by default: on a small machine running every test file at
// once (and CI beside other work), a lazy chunk or a store's first reply can take longer than that.
// A longer wait changes no assertion; it only stops a slow run from failing as if wrong.
configure({ asyncUtilTimeout: 5_000 });

// Pure tests run in the node environment (// @vitest-environment node): no DOM to prepare.
const hasDom = typeof window !== 'undefined';

if (hasDom) {
  // jsdom lacks what the toolbar and Radix's pointer handling use.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= vi.fn();
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}

// The chrome's menus, drawers and toasts load as chunks on hover, focus or idle in the browser
// (routing/deferred); tests get them loaded, as a visitor does after the page's idle prefetch.
beforeAll(async () => {
  if (hasDom) await Promise.all(SHELL_PARTS.map((part) => part.load()));
});

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
