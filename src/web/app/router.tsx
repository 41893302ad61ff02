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
function page(load: PageModule): ReactNode {
  const Page = lazyPage(load);
  return <Page />;
}

/** A page that needs sign-in: without a user it goes to /login with redirect=/. */
function signedIn(load: PageModule): ReactNode {
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

type PageModule = () => Promise<ComponentType>;

/** A page at `path` with its breadcrumb; `signedIn` pages send a visitor to /login first. */
function leaf(
  path: string,
  crumb: CrumbHandle['crumb'],
  load: PageModule,
  access: 'anyone' | 'signed-in' = 'anyone',
): RouteObject {
  return {
    path,
    handle: { crumb } satisfies CrumbHandle,
    element: access === 'signed-in' ? signedIn(load) : page(load),
  };
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
      leaf('/login', 'Login', () => import('./pages/LoginPage.tsx').then((m) => m.LoginPage)),
      leaf('/verify-email/:token', 'Verify email', () =>
        import('./pages/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
      ),
      leaf('/reset-password/:token', 'Reset password', () =>
        import('./pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
      ),
      leaf('/about', 'About', () => import('./pages/AboutPage.tsx').then((m) => m.AboutPage)),
      leaf(
        '/profile',
        'Profile',
        () => import('./pages/ProfilePage.tsx').then((m) => m.ProfilePage),
        'signed-in',
      ),
      leaf(
        '/sample-labels',
        'Sample labels',
        () => import('./pages/SampleLabelsPage.tsx').then((m) => m.SampleLabelsPage),
        'signed-in',
      ),
      leaf(
        '/import',
        'Import',
        () => import('./pages/ImportPage.tsx').then((m) => m.ImportPage),
        'signed-in',
      ),
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
      // Jobs on a timeline (issue 21); client users see their own client's, read-only.
      leaf(
        '/planner',
        'Planner',
        () => import('./pages/PlannerPage.tsx').then((m) => m.PlannerPage),
        'signed-in',
      ),
      {
        // Stock-takes (docs/decisions.md, "Stock-takes"): staff only, by the server.
        path: '/stocktakes',
        handle: { crumb: 'Stock-takes' } satisfies CrumbHandle,
        element: (
          <RequireLogin>
            <Outlet />
          </RequireLogin>
        ),
        children: [
          {
            index: true,
            element: page(() => import('./pages/StocktakesPage.tsx').then((m) => m.StocktakesPage)),
          },
          {
            path: ':stocktakeId',
            handle: { crumb: 'Stock-take' } satisfies CrumbHandle,
            element: page(() => import('./pages/StocktakePage.tsx').then((m) => m.StocktakePage)),
          },
        ],
      },
      // A location's page (staff): what is there, and a stock-take started from it.
      leaf(
        '/locations/:locationId',
        'Location',
        () => import('./pages/LocationPage.tsx').then((m) => m.LocationPage),
        'signed-in',
      ),
      leaf(
        '/components',
        'Components',
        () => import('./pages/ComponentsPage.tsx').then((m) => m.ComponentsPage),
        'signed-in',
      ),
      leaf(
        '/inspections',
        'Inspections due',
        () => import('./pages/InspectionsPage.tsx').then((m) => m.InspectionsPage),
        'signed-in',
      ),
      leaf(
        '/inspection-kinds',
        'Inspection kinds',
        () => import('./pages/InspectionKindsPage.tsx').then((m) => m.InspectionKindsPage),
        'signed-in',
      ),
      leaf(
        '/scan/:labelId',
        (p) => labelCrumb(p.labelId),
        () => import('./pages/ScanPage.tsx').then((m) => m.ScanPage),
      ),
      leaf(
        '/items/:itemId',
        (p) => <ItemCrumb itemId={p.itemId ?? ''} />,
        () => import('./pages/ItemPage.tsx').then((m) => m.ItemPage),
      ),
      leaf('*', 'Not Found', () => import('./pages/NotFoundPage.tsx').then((m) => m.NotFoundPage)),
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
