import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { labelCrumb, type CrumbHandle } from '../components/header/crumbs.ts';
import { ItemCrumb } from '../components/header/ItemCrumb.tsx';
import { ManifestCrumb } from '../features/manifests/ManifestCrumb.tsx';
import { Layout } from './Layout.tsx';
import { RequireLogin } from './RequireLogin.tsx';

/**
 * Each page is its own chunk, loaded when its route is first visited: a phone opening a
 * scanned label downloads the item page and the shell, not the admin screens (see
 * docs/decisions.md, "Fast on a phone"). New pages are added the same way, with `page()`
 * or `signedIn()`.
 */
function page(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

/** A page that needs sign-in: without a user it goes to /login with redirect=/. */
function signedIn(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const Page = await load();
    return {
      element: (
        <RequireLogin>
          <Page />
        </RequireLogin>
      ),
    };
  };
}

/**
 * The route table; /profile and /sample-labels need sign-in, /about does not.
 * `handle.crumb` is what the route adds to the header's trail after Home.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    // While the first page's chunk loads: nothing, as before the app's code arrived.
    HydrateFallback: () => null,
    children: [
      {
        path: '/',
        lazy: signedIn(() => import('./pages/HomePage.tsx').then((m) => m.HomePage)),
      },
      {
        path: '/login',
        handle: { crumb: 'Login' } satisfies CrumbHandle,
        lazy: page(() => import('./pages/LoginPage.tsx').then((m) => m.LoginPage)),
      },
      {
        path: '/verify-email/:token',
        handle: { crumb: 'Verify email' } satisfies CrumbHandle,
        lazy: page(() => import('./pages/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage)),
      },
      {
        path: '/reset-password/:token',
        handle: { crumb: 'Reset password' } satisfies CrumbHandle,
        lazy: page(() => import('./pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage)),
      },
      {
        path: '/about',
        handle: { crumb: 'About' } satisfies CrumbHandle,
        lazy: page(() => import('./pages/AboutPage.tsx').then((m) => m.AboutPage)),
      },
      {
        path: '/profile',
        handle: { crumb: 'Profile' } satisfies CrumbHandle,
        lazy: signedIn(() => import('./pages/ProfilePage.tsx').then((m) => m.ProfilePage)),
      },
      {
        path: '/sample-labels',
        handle: { crumb: 'Sample labels' } satisfies CrumbHandle,
        lazy: signedIn(() =>
          import('./pages/SampleLabelsPage.tsx').then((m) => m.SampleLabelsPage),
        ),
      },
      {
        path: '/import',
        handle: { crumb: 'Import' } satisfies CrumbHandle,
        lazy: signedIn(() => import('./pages/ImportPage.tsx').then((m) => m.ImportPage)),
      },
      {
        // Manifests and components: signed-in only; client users read them.
        path: '/manifests',
        handle: { crumb: 'Manifests' } satisfies CrumbHandle,
        element: (
          <RequireLogin>
            <Outlet />
          </RequireLogin>
        ),
        children: [
          {
            index: true,
            lazy: page(() => import('./pages/ManifestsPage.tsx').then((m) => m.ManifestsPage)),
          },
          {
            path: ':manifestId',
            handle: {
              crumb: (p) => <ManifestCrumb manifestId={p.manifestId ?? ''} />,
            } satisfies CrumbHandle,
            lazy: page(() => import('./pages/ManifestPage.tsx').then((m) => m.ManifestPage)),
          },
        ],
      },
      {
        // The jobs that are out (docs/decisions.md, "Round trip screens").
        path: '/out',
        handle: { crumb: 'Out' } satisfies CrumbHandle,
        lazy: signedIn(() => import('./pages/OutPage.tsx').then((m) => m.OutPage)),
      },
      {
        path: '/components',
        handle: { crumb: 'Components' } satisfies CrumbHandle,
        lazy: signedIn(() => import('./pages/ComponentsPage.tsx').then((m) => m.ComponentsPage)),
      },
      {
        path: '/scan/:labelId',
        handle: { crumb: (p) => labelCrumb(p.labelId) } satisfies CrumbHandle,
        lazy: page(() => import('./pages/ScanPage.tsx').then((m) => m.ScanPage)),
      },
      {
        path: '/items/:itemId',
        handle: { crumb: (p) => <ItemCrumb itemId={p.itemId ?? ''} /> } satisfies CrumbHandle,
        lazy: page(() => import('./pages/ItemPage.tsx').then((m) => m.ItemPage)),
      },
      {
        path: '*',
        handle: { crumb: 'Not Found' } satisfies CrumbHandle,
        lazy: page(() => import('./pages/NotFoundPage.tsx').then((m) => m.NotFoundPage)),
      },
    ],
  },
]);
