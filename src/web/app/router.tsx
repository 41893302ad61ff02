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
 * docs/decisions.md, "Fast on a phone"). New pages are added the same way, with `leaf()`,
 * inside `signedIn()` when they need a user.
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

type PageModule = () => Promise<ComponentType>;

/** A page at `path` with its breadcrumb. */
function leaf(path: string, crumb: CrumbHandle['crumb'], load: PageModule): RouteObject {
  return { path, handle: { crumb } satisfies CrumbHandle, element: page(load) };
}

/**
 * Pages that need sign-in: without a user they go to /login with redirect=/. While the guard
 * looks, and while a page's chunk arrives, its loader shows (not the blank fallback of
 * `AppRoutes`).
 */
function signedIn(children: RouteObject[]): RouteObject {
  return {
    element: (
      <RequireLogin>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RequireLogin>
    ),
    children,
  };
}

/** A list page at `path` and its detail page below it, both behind one sign-in guard. */
function listAndDetail(
  path: string,
  crumb: CrumbHandle['crumb'],
  list: PageModule,
  detail: { path: string; crumb: CrumbHandle['crumb']; load: PageModule },
): RouteObject {
  return {
    path,
    handle: { crumb } satisfies CrumbHandle,
    element: (
      <RequireLogin>
        <Outlet />
      </RequireLogin>
    ),
    children: [{ index: true, element: page(list) }, leaf(detail.path, detail.crumb, detail.load)],
  };
}

/**
 * The route table; /profile and /sample-labels need sign-in (`signedIn`), /about does not.
 * `handle.crumb` is what the route adds to the header's trail after Home.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      leaf('/login', 'Login', () => import('./pages/LoginPage.tsx').then((m) => m.LoginPage)),
      leaf('/verify-email/:token', 'Verify email', () =>
        import('./pages/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
      ),
      leaf('/reset-password/:token', 'Reset password', () =>
        import('./pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
      ),
      leaf('/about', 'About', () => import('./pages/AboutPage.tsx').then((m) => m.AboutPage)),
      signedIn([
        {
          path: '/',
          element: page(() => import('./pages/HomePage.tsx').then((m) => m.HomePage)),
        },
        leaf('/profile', 'Profile', () =>
          import('./pages/ProfilePage.tsx').then((m) => m.ProfilePage),
        ),
        leaf('/sample-labels', 'Sample labels', () =>
          import('./pages/SampleLabelsPage.tsx').then((m) => m.SampleLabelsPage),
        ),
        leaf('/import', 'Import', () => import('./pages/ImportPage.tsx').then((m) => m.ImportPage)),
        // The jobs that are out (docs/decisions.md, "Round trip screens").
        leaf('/out', 'Out', () => import('./pages/OutPage.tsx').then((m) => m.OutPage)),
        // Jobs on a timeline (issue 21); client users see their own client's, read-only.
        leaf('/planner', 'Planner', () =>
          import('./pages/PlannerPage.tsx').then((m) => m.PlannerPage),
        ),
        // A location's page (staff): what is there, and a stock-take started from it.
        leaf('/locations/:locationId', 'Location', () =>
          import('./pages/LocationPage.tsx').then((m) => m.LocationPage),
        ),
        leaf('/components', 'Components', () =>
          import('./pages/ComponentsPage.tsx').then((m) => m.ComponentsPage),
        ),
        leaf('/inspections', 'Inspections due', () =>
          import('./pages/InspectionsPage.tsx').then((m) => m.InspectionsPage),
        ),
        leaf('/inspection-kinds', 'Inspection kinds', () =>
          import('./pages/InspectionKindsPage.tsx').then((m) => m.InspectionKindsPage),
        ),
      ]),
      // Manifests and components: signed-in only; client users read them.
      listAndDetail(
        '/manifests',
        'Manifests',
        () => import('./pages/ManifestsPage.tsx').then((m) => m.ManifestsPage),
        {
          path: ':manifestId',
          crumb: (p) => <ManifestCrumb manifestId={p.manifestId ?? ''} />,
          load: () => import('./pages/ManifestPage.tsx').then((m) => m.ManifestPage),
        },
      ),
      // Stock-takes (docs/decisions.md, "Stock-takes"): staff only, by the server.
      listAndDetail(
        '/stocktakes',
        'Stock-takes',
        () => import('./pages/StocktakesPage.tsx').then((m) => m.StocktakesPage),
        {
          path: ':stocktakeId',
          crumb: 'Stock-take',
          load: () => import('./pages/StocktakePage.tsx').then((m) => m.StocktakePage),
        },
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
