import { z } from 'zod';
import { endpoint } from './contract.ts';

export const systemApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary: 'Liveness with a database round trip',
    access: 'public',
    response: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
  }),
  config: endpoint({
    method: 'GET',
    path: '/config',
    tag: 'system',
    summary:
      'Public settings the web app needs: product name, public URL, single sign-on and who may sign in with a password',
    access: 'public',
    response: z.object({
      product_name: z.string(),
      public_url: z.string(),
      /** "Sign in with {name}" opens start_url; null without single sign-on. */
      sso: z.object({ name: z.string(), start_url: z.string() }).nullable(),
      /** on: everyone; admins: admins only; off: only the break-glass admin. */
      password_login: z.enum(['on', 'admins', 'off']),
    }),
  }),
};
