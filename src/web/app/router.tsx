import { createBrowserRouter } from 'react-router';
import { Layout } from './Layout.tsx';
import { RequireLogin } from './RequireLogin.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
