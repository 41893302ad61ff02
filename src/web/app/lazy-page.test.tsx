import { Suspense, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, PageErrorBoundary } from './lazy-page.tsx';

const at = (pathname: string): Location => ({
  pathname,
  search: '',
  hash: '',
  state: null,
  key: pathname,
});

/** Rendered inside an awaited act(), so React retries what suspended when its promise settles. */
async function show(ui: ReactNode) {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(ui);
  });
  return result;
}

afterEach(cleanup);

describe('lazyPage', () => {
  it('shows the fallback until the module arrives, then the page, loading it once', async () => {
    let arrive!: () => void;
    const load = vi.fn(
      () =>
        new Promise<() => ReactNode>((resolve) => {
          arrive = () => resolve(() => <h1>Item page</h1>);
        }),
    );
    const Page = lazyPage(load);
    const tree = (
      <Suspense fallback={<p>waiting</p>}>
        <Page />
      </Suspense>
    );
    const { rerender } = await show(tree);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => arrive());
    expect(screen.getByRole('heading', { name: 'Item page' })).toBeTruthy();
    rerender(tree);
    expect(screen.getByRole('heading', { name: 'Item page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('PageErrorBoundary', () => {
  it("shows a page's error instead of an empty screen, and the next address's page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyPage(() => Promise.reject(new Error('Failed to fetch the page')));
    const tree = (location: Location, page: ReactNode) => (
      <PageErrorBoundary location={location}>
        <Suspense fallback={null}>{page}</Suspense>
      </PageErrorBoundary>
    );
    const { rerender } = await show(tree(at('/items/a'), <Broken />));
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch the page')).toBeTruthy();

    rerender(tree(at('/about'), <p>About Yardkeep</p>));
    expect(screen.getByText('About Yardkeep')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
