import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { can, roleOf } from '../../../common/permissions.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { QrButton } from './QrButton.tsx';
import classes from './header.module.css';

/** Logo width per spec "Header": 150 px on mobile (under 500 px), 200 px otherwise. */
export const LOGO_WIDTH = { mobile: 150, desktop: 200 } as const;

/**
 * Logo, breadcrumb trail, the signed-in email (a link to /profile) and the QR button.
 * Client users get the simplified header: logo, breadcrumbs and email only. That is a
 * choice of view (like their reduced home), not a permission, hence the role check.
 */
export function AppHeader({ user, mobile }: { user: CurrentUser | null; mobile: boolean }) {
  const location = useLocation();
  const simplified = roleOf(user) === 'client';
  const canCount = can(roleOf(user), 'stocktake:read');
  const onLogin = location.pathname === '/login';
  // The login action on other pages comes back to the full current path.
  const loginHref = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <div className={mobile ? classes.mobile : classes.bar}>
      <Link to="/" className={classes.logo} aria-label="Yardkeep home">
        <img
          src="/logo.svg"
          alt=""
          width={mobile ? LOGO_WIDTH.mobile : LOGO_WIDTH.desktop}
          style={{ height: 'auto' }}
        />
      </Link>
      <Breadcrumbs />
      <div className={classes.end}>
        {/* Packing lists are daily work: one tap from every page. */}
        {user && !simplified && (
          <Anchor component={Link} to="/manifests" size="sm" style={{ flexShrink: 0 }}>
            Manifests
          </Anchor>
        )}
        {user && !simplified && (
          <Anchor component={Link} to="/out" size="sm" style={{ flexShrink: 0 }}>
            Out
          </Anchor>
        )}
        {/* Not on a phone: the row is full there; the manifests page links to it. */}
        {user && !simplified && !mobile && (
          <Anchor component={Link} to="/planner" size="sm" style={{ flexShrink: 0 }}>
            Planner
          </Anchor>
        )}
        {/* Stock-takes are monthly work, for staff: on wide screens only, to keep phones' headers short. */}
        {user && !simplified && !mobile && canCount && (
          <Anchor component={Link} to="/stocktakes" size="sm" style={{ flexShrink: 0 }}>
            Stock-takes
          </Anchor>
        )}
        {user ? (
          <Anchor component={Link} to="/profile" size="sm" truncate="end" maw={mobile ? 150 : 260}>
            {user.email}
          </Anchor>
        ) : (
          !onLogin && (
            <Anchor component={Link} to={loginHref} size="sm">
              Login
            </Anchor>
          )
        )}
        {!simplified && <QrButton />}
      </div>
    </div>
  );
}
