import type { Endpoint } from './contract.ts';
import { authApi, membersApi } from './auth.ts';
import { systemApi } from './system.ts';

/** Every endpoint of the API, grouped by area. openapi.json is generated from this. */
export const api = {
  system: systemApi,
  auth: authApi,
  members: membersApi,
};

export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);
}
