import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AudioHost } from './components/Audio/AudioHost';
import { BuildNotice } from './components/Feedback/BuildNotice';
import { ToasterHost } from './components/Feedback/ToasterHost';
import { AppRoutes } from './routing/AppRoutes';
import type { RootStore } from './stores/RootStore';
import { StoresProvider } from './stores/StoresContext';

/** Providers around the routes; tests render <Providers> with a MemoryRouter instead. */
export function Providers({ root, children }: { root: RootStore; children: React.ReactNode }) {
  return (
    <StoresProvider root={root}>
      <I18nextProvider i18n={root.i18n}>
        {children}
        <ToasterHost />
        <BuildNotice />
        <AudioHost />
      </I18nextProvider>
    </StoresProvider>
  );
}

export function App({ root }: { root: RootStore }) {
  return (
    <Providers root={root}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
