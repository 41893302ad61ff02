import { Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { labelCrumb, type CrumbHandle } from '../components/header/crumbs.ts';
import { ItemCrumb } from '../components/header/ItemCrumb.tsx';
import { ManifestCrumb } from '../features/manifests/ManifestCrumb.tsx';
import { lazyPage, PageErrorBoundary } from './lazy-page.tsx';
import { Layout } from './Layout.tsx';
import { PageLoading, RequireLogin } from './RequireLogin.tsx';
import { RouteMatches } from './route-matches.ts';

/**
 * Each page is its own chunk, loaded when its route is first visited: a phone opening a
 * scanned label downloads the item page and the shell, not the admin screens (see
 * docs/decisions.md, "Fast on a phone"). New pages are added the same way, with `page()`
 * or `signedIn()`.
 *
 * The routes are react-router's declarative ones (`useRoutes`), not its data router: we
 * use no loaders or actions, and the data router's code is ~16 KB gzip of every page's
 * first load. What it did for us is done here: lazy pages (below), nothing on screen until
 * the first page's code is there (the Suspense in `AppRoutes`; navigations after that are
 * transitions, so the old page stays until the new one can show), the matched routes for
 * the breadcrumbs (`route-matches.ts`), and an error screen instead of a blank page.
 */
function page(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazyPage(load);
  return <Page />;
}

/** A page that needs sign-in: without a user it goes to /login with redirect=/. */
function signedIn(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazyPage(load);
  return (
    <RequireLogin>
      {/* Shown already (the guard's loader): its own fallback, not the blank one above. */}
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RequireLogin>
  );
}

/**
 * The route table; /profile and /sample-labels need sign-in, /about does not.
 * `handle.crumb` is what the route adds to the header's trail after Home.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: signedIn(() => import('./pages/HomePage.tsx').then((m) => m.HomePage)),
      },
      {
        path: '/login',
        handle: { crumb: 'Login' } satisfies CrumbHandle,
        element: page(() => import('./pages/LoginPage.tsx').then((m) => m.LoginPage)),
      },
      {
        path: '/verify-email/:token',
        handle: { crumb: 'Verify email' } satisfies CrumbHandle,
        element: page(() => import('./pages/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage)),
      },
      {
        path: '/reset-password/:token',
        handle: { crumb: 'Reset password' } satisfies CrumbHandle,
        element: page(() =>
          import('./pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
        ),
      },
      {
        path: '/about',
        handle: { crumb: 'About' } satisfies CrumbHandle,
        element: page(() => import('./pages/AboutPage.tsx').then((m) => m.AboutPage)),
      },
      {
        path: '/profile',
        handle: { crumb: 'Profile' } satisfies CrumbHandle,
        element: signedIn(() => import('./pages/ProfilePage.tsx').then((m) => m.ProfilePage)),
      },
      {
        path: '/sample-labels',
        handle: { crumb: 'Sample labels' } satisfies CrumbHandle,
        element: signedIn(() =>
          import('./pages/SampleLabelsPage.tsx').then((m) => m.SampleLabelsPage),
        ),
      },
      {
        path: '/import',
        handle: { crumb: 'Import' } satisfies CrumbHandle,
        element: signedIn(() => import('./pages/ImportPage.tsx').then((m) => m.ImportPage)),
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
            element: page(() => import('./pages/ManifestsPage.tsx').then((m) => m.ManifestsPage)),
          },
          {
            path: ':manifestId',
            handle: {
              crumb: (p) => <ManifestCrumb manifestId={p.manifestId ?? ''} />,
            } satisfies CrumbHandle,
            element: page(() => import('./pages/ManifestPage.tsx').then((m) => m.ManifestPage)),
          },
        ],
      },
      {
        // The jobs that are out (docs/decisions.md, "Round trip screens").
        path: '/out',
        handle: { crumb: 'Out' } satisfies CrumbHandle,
        element: signedIn(() => import('./pages/OutPage.tsx').then((m) => m.OutPage)),
      },
      {
        path: '/components',
        handle: { crumb: 'Components' } satisfies CrumbHandle,
        element: signedIn(() => import('./pages/ComponentsPage.tsx').then((m) => m.ComponentsPage)),
      },
      {
        path: '/scan/:labelId',
        handle: { crumb: (p) => labelCrumb(p.labelId) } satisfies CrumbHandle,
        element: page(() => import('./pages/ScanPage.tsx').then((m) => m.ScanPage)),
      },
      {
        path: '/items/:itemId',
        handle: { crumb: (p) => <ItemCrumb itemId={p.itemId ?? ''} /> } satisfies CrumbHandle,
        element: page(() => import('./pages/ItemPage.tsx').then((m) => m.ItemPage)),
      },
      {
        path: '*',
        handle: { crumb: 'Not Found' } satisfies CrumbHandle,
        element: page(() => import('./pages/NotFoundPage.tsx').then((m) => m.NotFoundPage)),
      },
    ],
  },
];

/** The app's pages for the address, inside the browser router (main.tsx). */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  return (
    <RouteMatches value={matches}>
      <PageErrorBoundary location={location}>
        {/* While the first page's chunk loads: nothing, as before the app's code arrived. */}
        <Suspense fallback={null}>{element}</Suspense>
      </PageErrorBoundary>
    </RouteMatches>
  );
}
