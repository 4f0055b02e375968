import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ErrorBoundary } from '../components/Feedback/ErrorBoundary';
import { renderWithStores } from '../test/render';
import { lazyModule } from './lazyModule';

describe('lazyModule', () => {
  it('reloads once when a chunk fails, and shows the error page when it fails again within 10 s', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

    const First = lazyModule(failing);
    render(
      <Suspense fallback="loading">
        <First />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    const Second = lazyModule(failing);
    renderWithStores(
      <ErrorBoundary>
        <Suspense fallback="loading">
          <Second />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
