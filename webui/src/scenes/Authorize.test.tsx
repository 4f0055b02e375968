import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/render';
import { apiResponder, json, mockFetch } from '../test/stores';

describe('/authorize', () => {
  it('finishes the social login once and opens the remembered page', async () => {
    const calls = mockFetch(
      apiResponder({
        'auth.socialCallback': () =>
          json({ socialLogin: { user: { id: '5', databaseId: '5', name: 'Gao' }, redirect: '/en/cart' } }),
      }),
    );
    const { root } = renderApp('/en/authorize?code=abc&state=st&type=wechat');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/cart'));
    const callbacks = calls.filter((c) => c.body?.action === 'auth.socialCallback');
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0].body?.data).toEqual({ code: 'abc', state: 'st', type: 'wechat' });
    expect(root.auth.viewer?.name).toBe('Gao');
  });

  it('shows the failure with a way to log in', async () => {
    mockFetch(
      apiResponder({
        'auth.socialCallback': () => json({ statusCode: 400, messages: ['This sign-in request has expired or is invalid. Please try again.'] }, 400),
      }),
    );
    const { root } = renderApp('/en/authorize?code=abc&state=old');
    expect(await screen.findByText('Signing in did not complete. Please try again.')).toBeInTheDocument();
    expect(root.toasts.toasts[0].message).toBe('This sign-in request has expired or is invalid. Please try again.');
    screen.getAllByRole('button', { name: 'Log in' }).at(-1)!.click();
    await waitFor(() => expect(root.ui.isOpen('login')).toBe(true));
  });
});
