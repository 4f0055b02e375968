import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen a block starts loading. */
const ROOT_MARGIN = '200px';

/**
 * Whether the element has come near the screen (once true it stays true). Without
 * IntersectionObserver (old browsers, tests) it is visible at once.
 */
export function useVisible(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, visible]);
  return visible;
}
