import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import {
  apiTokenSchema,
  createServiceTokenBody,
  createTokenBody,
  createdTokenSchema,
} from '../schemas/api-token.ts';

/**
 * Tokens are managed from a signed-in browser only (`sessionOnly`): a stolen token cannot
 * mint more tokens nor revoke others. A token may list itself (GET /tokens answers just it).
 */
export const tokensApi = {
  list: endpoint({
    method: 'GET',
    path: '/tokens',
    tag: 'tokens',
    summary: 'Your personal access tokens, newest first (called with a token: that token alone)',
    access: 'self',
    response: z.array(apiTokenSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/tokens',
    tag: 'tokens',
    summary: 'Create a personal access token; the answer holds the token, shown this once',
    access: 'self',
    sessionOnly: true,
    body: createTokenBody,
    response: createdTokenSchema,
    status: 201,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/tokens/:id',
    tag: 'tokens',
    summary: 'Revoke one of your personal access tokens; it stops working at once',
    access: 'self',
    sessionOnly: true,
    params: idParams,
    response: okSchema,
  }),
};

export const serviceTokensApi = {
  list: endpoint({
    method: 'GET',
    path: '/service-tokens',
    tag: 'tokens',
    summary: 'All service tokens, newest first',
    access: 'members:manage',
    sessionOnly: true,
    response: z.array(apiTokenSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/service-tokens',
    tag: 'tokens',
    summary: 'Create a service token for an integration; the answer holds the token, shown once',
    access: 'members:manage',
    sessionOnly: true,
    body: createServiceTokenBody,
    response: createdTokenSchema,
    status: 201,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/service-tokens/:id',
    tag: 'tokens',
    summary: 'Revoke a service token; it stops working at once',
    access: 'members:manage',
    sessionOnly: true,
    params: idParams,
    response: okSchema,
  }),
};
