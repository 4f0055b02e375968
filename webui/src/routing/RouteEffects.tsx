import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { langFromPath } from '../i18n/detect';
import { trackPageView } from '../platform/analytics';
import { rememberReferral } from '../platform/visitor';
import { useStores } from '../stores/StoresContext';

/**
 * What happens on every route change: the language follows the URL prefix, the
 * request path is updated, overlays close, the page view is tracked, and the
 * token/ref query parameters are handled.
 */
export const RouteEffects = observer(function RouteEffects() {
  const root = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  // A token is used once, even when an effect runs twice (StrictMode) before the URL changes.
  const usedTokens = useRef(new Set<string>());

  useEffect(() => {
    root.ui.setPath(location.pathname);
    root.ui.close('search');
    root.ui.close('createPanel');
    void root.locale.setLang(langFromPath(location.pathname));
    trackPageView(location.pathname + location.search);
  }, [root, location.pathname, location.search]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const ref = params.get('ref');
    if (ref) rememberReferral(ref);
    const token = params.get('token');
    if (token) {
      params.delete('token');
      if (usedTokens.current.has(token)) return;
      usedTokens.current.add(token);
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
      void root.auth.autoLogin(token);
    }
  }, [root, location.pathname, location.search, location.hash, navigate]);

  return null;
});
