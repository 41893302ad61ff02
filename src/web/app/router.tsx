import { createBrowserRouter } from 'react-router';
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

/** The route table of spec section 2; /profile and /sample-labels need sign-in, /about does not. */
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
      { path: '/login', element: <LoginPage /> },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/about', element: <AboutPage /> },
      {
        path: '/profile',
        element: (
          <RequireLogin>
            <ProfilePage />
          </RequireLogin>
        ),
      },
      {
        path: '/sample-labels',
        element: (
          <RequireLogin>
            <SampleLabelsPage />
          </RequireLogin>
        ),
      },
      { path: '/scan/:labelId', element: <ScanPage /> },
      { path: '/items/:itemId', element: <ItemPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
