import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteMatches } from '../../app/route-matches.ts';
import { crumbOf } from './crumbs.ts';
import classes from './header.module.css';

/**
 * Home › (page): the trail always starts at Home; each matched route that declares a
 * crumb adds one. The last crumb is the current page and is not a link.
 */
export function Breadcrumbs() {
  const matches = useRouteMatches();
  const trail = matches.flatMap((match) => {
    const crumb = crumbOf(match.route.handle);
    if (crumb === undefined) return [];
    return [
      {
        id: match.pathname,
        path: match.pathname,
        label: typeof crumb === 'function' ? crumb(match.params) : crumb,
      },
    ];
  });
  const items = [{ id: 'home', path: '/', label: 'Home' as React.ReactNode }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className={classes.breadcrumbs}>
      <ol className={classes.trail}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.id} className={classes.crumb}>
              {index > 0 && (
                <span aria-hidden="true" className={classes.separator}>
                  ›
                </span>
              )}
              {last ? (
                <Text component="span" size="sm" fw={600} truncate aria-current="page">
                  {item.label}
                </Text>
              ) : (
                <Anchor component={Link} to={item.path} size="sm" truncate>
                  {item.label}
                </Anchor>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
