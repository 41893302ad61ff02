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
    summary: 'Public settings the web app needs: product name and public URL',
    access: 'public',
    response: z.object({ product_name: z.string(), public_url: z.string() }),
  }),
};
