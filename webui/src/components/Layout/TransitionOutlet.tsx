import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { stripLangPrefix } from '../../i18n/detect';

export const TRANSITION_OUT_MS = 150;

const isCreate = (pathname: string) => stripLangPrefix(pathname) === '/create';

/**
 * Renders the route's screen; moving to or from /create runs an out-in
 * transition: the old screen fades out, then the new one fades in.
 */
export function TransitionOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  const [leaving, setLeaving] = useState<{ element: React.ReactNode; pathname: string } | null>(null);
  const previous = useRef({ element: outlet, pathname: location.pathname });

  // A layout effect, so the new screen is never painted before the old one has left.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { element: outlet, pathname: location.pathname };
    if (before.pathname === location.pathname) return;
    if (!isCreate(before.pathname) && !isCreate(location.pathname)) return;
    setLeaving(before);
    const timer = setTimeout(() => setLeaving(null), TRANSITION_OUT_MS);
    return () => clearTimeout(timer);
  }, [location.pathname]);

  if (leaving) {
    return (
      <div className="animate-fade-out" aria-hidden>
        {leaving.element}
      </div>
    );
  }
  return (
    <div key={location.pathname} className={isCreate(location.pathname) ? 'animate-fade-in' : undefined}>
      {outlet}
    </div>
  );
}
