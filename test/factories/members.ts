import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/common/permissions.ts';
import { newId } from '../../src/server/lib/ids.ts';
import { createMember } from '../../src/server/modules/members/members.service.ts';
import { buildClient } from './clients.ts';

export interface BuiltMember {
  id: string;
  email: string;
  password: string;
  client_id: string | null;
  is_admin: boolean;
}

/** A verified member of the role, created through the members service. */
export async function buildMember(
  app: FastifyInstance,
  overrides: {
    role?: Exclude<Role, 'anonymous'>;
    email?: string;
    password?: string;
    client_id?: string;
  } = {},
): Promise<BuiltMember> {
  const role = overrides.role ?? 'staff';
  const email = overrides.email ?? `${role}-${newId(8)}@example.com`;
  const password = overrides.password ?? `pw-${newId(12)}`;
  const clientId = role === 'client' ? (overrides.client_id ?? (await buildClient(app)).id) : null;
  const member = await createMember(
    app,
    { email, password, is_admin: role === 'admin', client_id: clientId, verified: true },
    null,
  );
  return { id: member.id, email, password, client_id: clientId, is_admin: role === 'admin' };
}
