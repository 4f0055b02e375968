import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { detectLang, LANG_COOKIE, LANG_COOKIE_DAYS, langFromPath, rootRedirect } from './i18n/detect';
import { getCookie, setCookie } from './platform/cookies';
import { registerWhenLoaded } from './platform/serviceWorker';
import { isBuilderPath } from './routing/AppRoutes';
import { OVERLAY_CHUNKS } from './components/Layout/Overlays';
import { prefetchModules } from './routing/modules';
import { whenIdle } from './routing/prefetch';
import { RootStore } from './stores/RootStore';

async function boot() {
  const buildId = document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content ?? '';

  const cookie = getCookie(LANG_COOKIE);
  const detected = detectLang({ cookie, host: location.hostname, browserLanguages: navigator.languages ?? [] });
  if (!cookie) setCookie(LANG_COOKIE, detected, LANG_COOKIE_DAYS);
  const redirect = rootRedirect(location.pathname, location.search, detected);
  if (redirect) history.replaceState(null, '', redirect + location.hash);

  const root = new RootStore({ lang: langFromPath(location.pathname), buildId });
  await root.start({ fetchViewer: !isBuilderPath(location.pathname) });

  const container = document.getElementById('app');
  if (!container) throw new Error('index.html has no #app element');
  createRoot(container).render(
    <StrictMode>
      <App root={root} />
    </StrictMode>,
  );
  prefetchModules(OVERLAY_CHUNKS);
  registerWhenLoaded(whenIdle);
}

void boot();
