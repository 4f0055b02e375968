import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithStores } from '../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import { Unsubscribe } from './Unsubscribe';

function renderAt(path: string, reply: (data: Record<string, unknown>) => Response) {
  const calls = mockFetch(apiResponder({ 'notify.unsubscribe': reply }));
  const root = createTestRoot('en');
  renderWithStores(
    <Routes>
      <Route path="/en/unsubscribe" element={<Unsubscribe />} />
    </Routes>,
    root,
    path,
  );
  return calls;
}

describe('/unsubscribe', () => {
  it('turns the emails off without logging in and says which, for which address', async () => {
    const calls = renderAt('/en/unsubscribe?t=signed.token', () => json({ kind: 'mentions', email: 'm***@example.com' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('Done. We will send no more emails about “Mentions” to m***@example.com.');
    expect(calls.find((call) => call.body?.action === 'notify.unsubscribe')?.body?.data).toEqual({ token: 'signed.token' });
    expect(screen.getByTestId('unsubscribe-settings')).toHaveAttribute('href', '/en/account/notification?tab=settings');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('says every email is off for "all"', async () => {
    renderAt('/en/unsubscribe?t=x', () => json({ kind: 'all', email: 'a***@b.co' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('Done. We will send no more notification emails to a***@b.co.');
  });

  it('shows the refusal of a forged link', async () => {
    renderAt('/en/unsubscribe?t=forged', () =>
      json({ statusCode: 400, messages: ['This unsubscribe link is not valid.'], codes: ['notify.unsubscribe.error.badLink'] }, 400),
    );
    expect(await screen.findByTestId('unsubscribe-error')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('asks to open the link again when it has no code', async () => {
    const calls = renderAt('/en/unsubscribe', () => json({}));
    expect(await screen.findByTestId('unsubscribe-error')).toHaveTextContent('This link has no code.');
    expect(calls.filter((call) => call.body?.action === 'notify.unsubscribe')).toHaveLength(0);
  });
});
