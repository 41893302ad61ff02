import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Anchor, Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { AppHeader } from '../components/header/AppHeader.tsx';
import { ConsentBanner } from '../features/analytics/ConsentBanner.tsx';
import { identify, track } from '../features/analytics/index.ts';
import { OfflineBanner } from '../features/offline/OfflineBanner.tsx';
import { removeServerPreview } from '../lib/server-preview.ts';
import classes from './Layout.module.css';

// The queue badge, update offer and sync: for signed-in members only, off the first load.
const OfflineStatus = lazy(() => import('../features/offline/OfflineStatus.tsx'));
// Scans left by a member whose session ended: said on the pages where someone signs in.
const UnsentScansWarning = lazy(() => import('../features/offline/UnsentScansWarning.tsx'));
const isSignInPage = (path: string) => path === '/login' || path.startsWith('/reset-password/');
import { useCurrentUser } from '../features/auth/api.ts';

/** Mobile layout applies under 500 px width (spec "Header"). */
export const MOBILE_QUERY = '(max-width: 499px)';

const FOOTER_HEIGHT = '2.5rem';

// Once per page load, not once per render or per StrictMode double effect.
let appOpenedTracked = false;

export function Layout() {
  const location = useLocation();
  // The user is loaded at start unless the path is /login.
  const { user } = useCurrentUser({ enabled: location.pathname !== '/login' });
  // Read synchronously: this is a browser-only app, so the first paint is already right.
  const mobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const email = user?.email ?? null;

  useEffect(() => {
    if (appOpenedTracked) return;
    appOpenedTracked = true;
    track('app_opened');
  }, []);
  useEffect(() => identify(email), [email]);
  // The layout first renders together with the first page (the router's HydrateFallback
  // waits for the page's code), so the server's preview goes in the frame the page arrives.
  useLayoutEffect(removeServerPreview, []);

  return (
    <div className={classes.shell} data-mobile={mobile || undefined}>
      {/* The class name react-remove-scroll knows: an open dialog's scroll lock keeps the
          fixed header from shifting under the scrollbar, as in Mantine's AppShell. */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <AppHeader user={user} mobile={mobile} />
      </header>
      {/* Main fills the screen less the footer's height, so the footer sits just below it. */}
      <main className={classes.main} style={{ minHeight: `calc(100dvh - ${FOOTER_HEIGHT})` }}>
        <OfflineBanner />
        {user && (
          <Suspense fallback={null}>
            <OfflineStatus />
          </Suspense>
        )}
        {!user && isSignInPage(location.pathname) && (
          <Suspense fallback={null}>
            <UnsentScansWarning />
          </Suspense>
        )}
        <Outlet />
      </main>
      <Box
        component="footer"
        h={FOOTER_HEIGHT}
        display="flex"
        style={{ alignItems: 'center', justifyContent: 'center' }}
      >
        <Anchor component={Link} to="/about" size="xs" c="gray.7">
          About Yardkeep
        </Anchor>
      </Box>
      <ConsentBanner />
    </div>
  );
}
