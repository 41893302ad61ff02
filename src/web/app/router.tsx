import { createBrowserRouter, Outlet } from 'react-router';
import { labelCrumb, type CrumbHandle } from '../components/header/crumbs.ts';
import { ItemCrumb } from '../components/header/ItemCrumb.tsx';
import { Layout } from './Layout.tsx';
import { RequireLogin } from './RequireLogin.tsx';
import { AboutPage } from './pages/AboutPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { ItemPage } from './pages/ItemPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ProfilePage } from './pages/ProfilePage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
import { SampleLabelsPage } from './pages/SampleLabelsPage.tsx';
import { ScanPage } from './pages/ScanPage.tsx';
import { VerifyEmailPage } from './pages/VerifyEmailPage.tsx';
import { ComponentsPage } from './pages/ComponentsPage.tsx';
import { ManifestPage } from './pages/ManifestPage.tsx';
import { ManifestsPage } from './pages/ManifestsPage.tsx';
import { ManifestCrumb } from '../features/manifest-screens/ManifestCrumb.tsx';

/**
 * The route table of spec section 2; /profile and /sample-labels need sign-in, /about does not.
 * `handle.crumb` is what the route adds to the header's trail after Home.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: (
          <RequireLogin>
            <HomePage />
          </RequireLogin>
        ),
      },
      { path: '/login', handle: { crumb: 'Login' } satisfies CrumbHandle, element: <LoginPage /> },
      {
        path: '/verify-email/:token',
        handle: { crumb: 'Verify email' } satisfies CrumbHandle,
        element: <VerifyEmailPage />,
      },
      {
        path: '/reset-password/:token',
        handle: { crumb: 'Reset password' } satisfies CrumbHandle,
        element: <ResetPasswordPage />,
      },
      { path: '/about', handle: { crumb: 'About' } satisfies CrumbHandle, element: <AboutPage /> },
      {
        path: '/profile',
        handle: { crumb: 'Profile' } satisfies CrumbHandle,
        element: (
          <RequireLogin>
            <ProfilePage />
          </RequireLogin>
        ),
      },
      {
        path: '/sample-labels',
        handle: { crumb: 'Sample labels' } satisfies CrumbHandle,
        element: (
          <RequireLogin>
            <SampleLabelsPage />
          </RequireLogin>
        ),
      },
      {
        // Manifests and components (issue 6): signed-in only; client users read them.
        path: '/manifests',
        handle: { crumb: 'Manifests' } satisfies CrumbHandle,
        element: (
          <RequireLogin>
            <Outlet />
          </RequireLogin>
        ),
        children: [
          { index: true, element: <ManifestsPage /> },
          {
            path: ':manifestId',
            handle: {
              crumb: (p) => <ManifestCrumb manifestId={p.manifestId ?? ''} />,
            } satisfies CrumbHandle,
            element: <ManifestPage />,
          },
        ],
      },
      {
        path: '/components',
        handle: { crumb: 'Components' } satisfies CrumbHandle,
        element: (
          <RequireLogin>
            <ComponentsPage />
          </RequireLogin>
        ),
      },
      {
        path: '/scan/:labelId',
        handle: { crumb: (p) => labelCrumb(p.labelId) } satisfies CrumbHandle,
        element: <ScanPage />,
      },
      {
        path: '/items/:itemId',
        handle: { crumb: (p) => <ItemCrumb itemId={p.itemId ?? ''} /> } satisfies CrumbHandle,
        element: <ItemPage />,
      },
      {
        path: '*',
        handle: { crumb: 'Not Found' } satisfies CrumbHandle,
        element: <NotFoundPage />,
      },
    ],
  },
]);
