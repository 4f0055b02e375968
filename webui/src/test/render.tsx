import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../App';
import { langFromPath } from '../i18n/detect';
import { AppRoutes } from '../routing/AppRoutes';
import type { RootStore } from '../stores/RootStore';
import { createTestRoot } from './stores';

/** Shows the router's current location for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Renders the whole app at a path, with a fresh RootStore (fetch must be mocked by the test). */
export function renderApp(path: string, root: RootStore = createTestRoot(langFromPath(path))) {
  const view = render(
    <Providers root={root}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { root, ...view };
}

/** Renders a component inside the providers and a router at a path. */
export function renderWithStores(ui: React.ReactNode, root: RootStore = createTestRoot(), path = '/') {
  const view = render(
    <Providers root={root}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { root, ...view };
}
