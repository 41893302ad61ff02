/**
 * The one permissions matrix (DECISIONS section 2). The server authorizes every route
 * against it; the web app reads it only to hide controls. A role or permission missing
 * here is a compile error, so nothing is allowed by forgetting it.
 */
export const ROLES = ['anonymous', 'client', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** One item with its images, labels and components; label lookup; record a scan. */
  'item:read',
  /** The item list and search. Client users see only their client's items. */
  'item:list',
  /** Clients, locations, manifests, components. Client users see their own client's. */
  'catalog:read',
  /** The activity feed. */
  'activity:read',
  /** Create, update, delete any inventory entity; upload; attach/free labels; allocate. */
  'inventory:write',
  /** List, add, delete members; change another member's password. */
  'members:manage',
  /** Own profile, logout, resend verification. */
  'self',
  /** Webhook endpoints and their delivery logs (docs/decisions.md, "Integrations: webhooks"). */
  'webhooks:manage',
  /** Inspection kinds per component type: add, change, delete (docs/decisions.md, "Inspections that come due"). */
  'inspections:manage',
  /** What is due: the due list, a job's items due, the daily digest email. */
  'inspections:plan',
  /** Stock-takes and their reports (docs/decisions.md, "Stock-takes"). Staff only. */
  'stocktake:read',
  /** Start a stock-take, scan into it, move wrong-place items, finish it. Staff only. */
  'stocktake:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_MATRIX = {
  anonymous: {
    'item:read': true,
    'item:list': false,
    'catalog:read': false,
    'activity:read': false,
    'inventory:write': false,
    'members:manage': false,
    self: false,
    'webhooks:manage': false,
    'inspections:manage': false,
    'inspections:plan': false,
    'stocktake:read': false,
    'stocktake:write': false,
  },
  client: {
    'item:read': true,
    'item:list': true,
    'catalog:read': true,
    'activity:read': false,
    'inventory:write': false,
    'members:manage': false,
    self: true,
    'webhooks:manage': false,
    'inspections:manage': false,
    'inspections:plan': false,
    'stocktake:read': false,
    'stocktake:write': false,
  },
  staff: {
    'item:read': true,
    'item:list': true,
    'catalog:read': true,
    'activity:read': true,
    'inventory:write': true,
    'members:manage': false,
    self: true,
    'webhooks:manage': false,
    'inspections:manage': false,
    'inspections:plan': true,
    'stocktake:read': true,
    'stocktake:write': true,
  },
  admin: {
    'item:read': true,
    'item:list': true,
    'catalog:read': true,
    'activity:read': true,
    'inventory:write': true,
    'members:manage': true,
    self: true,
    'webhooks:manage': true,
    'inspections:manage': true,
    'inspections:plan': true,
    'stocktake:read': true,
    'stocktake:write': true,
  },
} as const satisfies Record<Role, Record<Permission, boolean>>;

/**
 * What an anonymous visitor may call, read from the matrix at compile time: route() gives
 * every other route's handler a signed-in user (a non-null `user`).
 */
export type AnonymousAccess =
  | 'public'
  | {
      [P in Permission]: (typeof PERMISSION_MATRIX)['anonymous'][P] extends true ? P : never;
    }[Permission];

export function can(role: Role, permission: Permission): boolean {
  return PERMISSION_MATRIX[role][permission];
}

/** The roles a signed-in member can have. */
export type MemberRole = Exclude<Role, 'anonymous'>;

type RoleFlags = { is_admin: boolean; client_id: string | null };

/** The role a user plays: client users are never staff, even when flagged admin. */
export function roleOf(user: RoleFlags): MemberRole;
export function roleOf(user: RoleFlags | null): Role;
export function roleOf(user: RoleFlags | null): Role {
  if (!user) return 'anonymous';
  if (user.client_id) return 'client';
  return user.is_admin ? 'admin' : 'staff';
}

/** The roles a member account has, as people read them (the members list and its form). */
export const MEMBER_ROLE_LABELS = {
  staff: 'Staff',
  admin: 'Admin',
  client: 'Client user',
} as const satisfies Record<MemberRole, string>;
