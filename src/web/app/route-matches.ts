import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';

/**
 * The routes matching the address, outermost first (what the data router's `useMatches`
 * gave): router.tsx provides them, the header's breadcrumbs read each route's `handle`.
 * A module of its own so the header need not import the route table that imports it.
 */
export const RouteMatches = createContext<RouteMatch[]>([]);

export const useRouteMatches = (): RouteMatch[] => useContext(RouteMatches);
