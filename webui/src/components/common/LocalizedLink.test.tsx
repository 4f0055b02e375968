// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalizedLink } from './LocalizedLink';

async function i18nIn(language: string): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ lng: language, resources: {} });
  return instance;
}

function CurrentPath() {
  const location = useLocation();
  return <output aria-label="path">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

async function renderIn(language: string, link: ReactNode) {
  const i18n = await i18nIn(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/start']}>
        {link}
        <Routes>
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

function link(name: string): HTMLAnchorElement {
  return screen.getByRole('link', { name });
}

describe('LocalizedLink', () => {
  afterEach(cleanup);

  it('links in-app paths in the current language, lowercased', async () => {
    await renderIn('EN', <LocalizedLink to="/topics/1?page=2#c3">topic</LocalizedLink>);
    expect(link('topic').getAttribute('href')).toBe('/en/topics/1?page=2#c3');
    expect(link('topic').hasAttribute('target')).toBe(false);
  });

  it('leaves zh-hans paths unprefixed', async () => {
    await renderIn('zh-Hans', <LocalizedLink to="/en/topics">topic</LocalizedLink>);
    expect(link('topic').getAttribute('href')).toBe('/topics');
  });

  it('prefers the lang prop over the current language', async () => {
    await renderIn('en', <LocalizedLink to="/" lang="es">home</LocalizedLink>);
    expect(link('home').getAttribute('href')).toBe('/es');
  });

  it('navigates inside the router', async () => {
    const user = userEvent.setup();
    await renderIn('es', <LocalizedLink to="/shop?sort=new">shop</LocalizedLink>);
    await user.click(link('shop'));
    expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/es/shop?sort=new');
  });

  it.each(['https://example.com/a', 'http://example.com', '//cdn.example.com/x'])('opens %s in a new tab', async (to) => {
    await renderIn('en', <LocalizedLink to={to} className="external">out</LocalizedLink>);
    const anchor = link('out');
    expect(anchor.getAttribute('href')).toBe(to);
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchor.className).toBe('external');
  });

  it.each(['mailto:help@example.com', 'tel:+8612345678'])('renders %s as a plain anchor', async (to) => {
    await renderIn('en', <LocalizedLink to={to}>contact</LocalizedLink>);
    const anchor = link('contact');
    expect(anchor.getAttribute('href')).toBe(to);
    expect(anchor.hasAttribute('target')).toBe(false);
    expect(anchor.hasAttribute('rel')).toBe(false);
  });
});
