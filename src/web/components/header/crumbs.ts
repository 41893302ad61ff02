import { formatLabelCode, normalizeLabelCode } from '../../../common/label-code.ts';
import type { ReactNode } from 'react';
import type { Params } from 'react-router';

/**
 * What a route puts in the header's breadcrumb trail, declared beside the route in
 * router.tsx (`handle: { crumb: 'Profile' }`). A function gets the route's params, so a
 * route can show a name it has to load (the item page shows the item's name).
 */
export interface CrumbHandle {
  crumb: string | ((params: Params) => ReactNode);
}

export function crumbOf(handle: unknown): CrumbHandle['crumb'] | undefined {
  if (handle && typeof handle === 'object' && 'crumb' in handle) {
    return (handle as CrumbHandle).crumb;
  }
  return undefined;
}

/** "Label 7KQ2-M9XD-4HTP" for a scan address, whatever case or dashes it was typed with. */
export function labelCrumb(labelId: string | undefined): string {
  const code = normalizeLabelCode(labelId ?? '');
  return code ? `Label ${formatLabelCode(code)}` : 'Label';
}
