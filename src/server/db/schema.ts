import type { ActivityAction, ActivityType } from '../../common/schemas/activity.ts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely's view of the database. Portable column types only: text ids chosen by the
 * server, ISO 8601 text timestamps (they sort as text on both engines), integer 0/1 flags.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  rate_limits: RateLimitsTable;
  clients: NamedTable;
  locations: NamedTable;
  components: NamedTable;
  manifests: ManifestsTable;
  items: ItemsTable;
  requirements: RequirementsTable;
  item_components: ItemComponentsTable;
  labels: LabelsTable;
  images: ImagesTable;
  activity: ActivityTable;
  item_search: ItemSearchTable;
  print_offsets: PrintOffsetsTable;
  idempotency_keys: IdempotencyKeysTable;
  dispatched_items: DispatchedItemsTable;
  reservations: ReservationsTable;
  api_tokens: ApiTokensTable;
  sso_logins: SsoLoginsTable;
  leases: LeasesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  inspection_kinds: InspectionKindsTable;
  inspections: InspectionsTable;
  inspection_attachments: InspectionAttachmentsTable;
  digest_sends: DigestSendsTable;
  stocktakes: StocktakesTable;
  stocktake_expected: StocktakeExpectedTable;
  stocktake_scans: StocktakeScansTable;
  stocktake_unknown_codes: StocktakeUnknownCodesTable;
}

/** A row whose edits are versioned: the optimistic-concurrency columns every such table has. */
export interface VersionedRow {
  created_at: string;
  updated_at: string;
  /** Bumped by each write to the row's editable fields (migration 003, lib/versions.ts). */
  version: Generated<number>;
}

export interface UsersTable extends VersionedRow {
  id: string;
  email: string;
  password_hash: string;
  is_admin: number;
  client_id: string | null;
  email_verified_at: string | null;
  /** 1: the member gets the daily digest email (migration 021; off by default). */
  digest_opt_in: Generated<number>;
}

/** A sign-in waiting for the identity provider's answer (migration 018). */
export interface SsoLoginsTable {
  /** sha256 of the `state` sent to the provider. */
  state_hash: string;
  code_verifier: string;
  nonce: string;
  /** The app path to open after signing in. */
  return_to: string;
  created_at: string;
  expires_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie value: a leaked table does not hand out sessions. */
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface TokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Personal and service API tokens (migration 013, modules/tokens). */
export interface ApiTokensTable {
  id: string;
  /** sha256 of the token: a leaked table hands out no access. */
  token_hash: string;
  name: string;
  kind: 'personal' | 'service';
  /** The member a personal token acts as; null for service tokens. */
  user_id: string | null;
  /** The role a service token plays; null for personal tokens (their member's role). */
  role: 'staff' | 'client' | null;
  client_id: string | null;
  scope: 'read' | 'read-write';
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_address: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: string;
}

export interface NamedTable extends VersionedRow {
  id: string;
  name: string;
}

export interface ManifestsTable extends VersionedRow {
  id: string;
  name: string;
  note: string | null;
  status: string | null;
  client_id: string | null;
  /** planning → reserved → out → closed (migrations 006, 019). */
  stage: Generated<string>;
  out_date: string | null;
  due_date: string | null;
  /** Days before out_date and after due_date the job also holds its kit (migration 019). */
  prep_days: Generated<number>;
  turnaround_days: Generated<number>;
  /**
   * The held window, out_date − prep_days … due_date + turnaround_days, kept by the
   * manifests service so overlap queries compare indexed text (null without both dates).
   */
  window_from: Generated<string | null>;
  window_to: Generated<string | null>;
}

export interface ItemsTable extends VersionedRow {
  id: string;
  name: string | null;
  note: string | null;
  status: string | null;
  client_id: string | null;
  location_id: string | null;
  manifest_id: string | null;
  component_id: string | null;
  last_scanned_by: string | null;
  /** The item it sits in (migration 006). */
  container_id: Generated<string | null>;
  /** ok, damaged or missing. */
  condition: Generated<string>;
  condition_note: Generated<string | null>;
  /** Set while the item is out on its manifest: when it left. */
  out_at: Generated<string | null>;
  /** When a finished stock-take last counted it (migration 020). */
  last_counted_at: Generated<string | null>;
}

/** One item sent out on a job, and how it came back (migration 006). */
export interface DispatchedItemsTable {
  manifest_id: string;
  item_id: string;
  out_at: string;
  returned_at: string | null;
  return_condition: string | null;
  return_note: string | null;
  missing_at: string | null;
}

/** One item a job holds by name (migration 019). Packed when items.manifest_id is the job. */
export interface ReservationsTable {
  manifest_id: string;
  item_id: string;
  /** The container whose reservation brought it along; null when chosen itself. */
  via_item_id: string | null;
  created_at: string;
}

export interface RequirementsTable extends VersionedRow {
  manifest_id: string;
  component_id: string;
  count: number;
}

export interface ItemComponentsTable extends VersionedRow {
  item_id: string;
  component_id: string;
  count: number;
}

export interface LabelsTable {
  id: string;
  item_id: string | null;
  name: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  id: string;
  item_id: string;
  src: string;
  thumbnail_src: string | null;
  width: number;
  height: number;
  created_at: string;
  updated_at: string;
}

export interface ActivityTable {
  /** Auto-increment: entries written in the same millisecond still read newest first. */
  seq: Generated<number>;
  type: ActivityType;
  action: ActivityAction;
  user_id: string | null;
  email: string | null;
  source_id: string;
  ref_name: string | null;
  ref_item_id: string | null;
  ref_id: string | null;
  ref_src: string | null;
  /** Round-trip entries: "to Yard North — damaged" (migration 006). */
  detail: Generated<string | null>;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type NewActivity = Insertable<ActivityTable>;

/**
 * The denormalised search document of one item (migration 002): every searched field,
 * folded (lower case, no accents), plus the ids its joined names were taken from, so a
 * rename or removal of a client, location, component or member can refresh exactly the
 * affected rows. `doc` joins all fields for the trigram index (FTS5 on SQLite, pg_trgm
 * GIN on PostgreSQL).
 */
export interface ItemSearchTable {
  /** SQLite only: the stable rowid the FTS5 index points at. */
  seq: Generated<number>;
  item_id: string;
  client_id: string | null;
  location_id: string | null;
  component_id: string | null;
  last_scanned_by: string | null;
  name: string | null;
  component_name: string | null;
  status: string | null;
  client_name: string | null;
  location_name: string | null;
  last_scanned_by_email: string | null;
  note: string | null;
  /** The name of the item it sits in (a crate, a pallet). */
  container_name: string | null;
  /** Generated by the database from the fields above. */
  doc: Generated<string>;
  // SQLite also has `filter_keys` (generated, read by the FTS5 triggers only; migration 025).
}

export interface IdempotencyKeysTable {
  user_key: string;
  key: string;
  /** sha256 of the request (method, path, parameters, body) the key was first used with. */
  fingerprint: string;
  /** The first answer's HTTP status; null while that request is still running. */
  status: number | null;
  /** The first answer's JSON body. */
  body: string | null;
  created_at: string;
  expires_at: string;
}

/** Printer calibration per label preset (migration 007). */
export interface PrintOffsetsTable {
  preset_id: string;
  x_mm: number;
  y_mm: number;
  updated_by: string | null;
  updated_at: string;
}

/**
 * Periodic work that runs once across instances (migration 014, lib/leases): one row per
 * kind of work. An instance runs it only after winning the row (holder, lease_until) while
 * it is due (next_run_at).
 */
export interface LeasesTable {
  name: string;
  holder: string | null;
  /** The holder must renew before this, or another instance may take over. '' when free. */
  lease_until: string;
  /** Not run again before this, by any instance. '' when never run. */
  next_run_at: string;
}

/** Webhook endpoints registered by admins (migration 014). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** JSON array of event types, or ["*"]. */
  events: string;
  /** Standard Webhooks `whsec_…`: needed to sign, so kept as it is (never answered again). */
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The outbox: one row per event, written in the transaction of the change it reports
 * (modules/activity/activity.repo.ts). The worker fans it out into deliveries.
 */
export interface WebhookEventsTable {
  /** Commit-independent order of writing: deliveries to one endpoint follow it. */
  seq: Generated<number>;
  /** The `webhook-id` every attempt carries. */
  id: string;
  type: string;
  /** The JSON body, fixed at the time of the change: every attempt sends the same bytes. */
  payload: string;
  /** 0 until the worker made its deliveries. */
  fanned_out: number;
  created_at: string;
}

/** One event for one endpoint: its state and its last attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_seq: number;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** What an item of a component type needs inspected, and how often (migration 021). */
export interface InspectionKindsTable {
  id: string;
  component_id: string;
  name: string;
  interval_days: number;
  /** 1: an overdue inspection of this kind refuses dispatch. */
  blocks_dispatch: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** One inspection of one item (migration 021). */
export interface InspectionsTable {
  id: string;
  item_id: string;
  kind_id: string;
  result: 'passed' | 'failed';
  /** YYYY-MM-DD: the day it was done. */
  date: string;
  note: string | null;
  /** Who did it, when not the member who recorded it. */
  inspector: string | null;
  /** The member who recorded it. */
  recorded_by: string | null;
  created_at: string;
}

/** A photo or PDF certificate of an inspection, in the uploads store (migration 021). */
export interface InspectionAttachmentsTable {
  id: string;
  inspection_id: string;
  storage_key: string;
  filename: string;
  content_type: string;
  size: number;
  created_at: string;
}

/** The days the daily digest went to each member: a restart never sends it twice. */
export interface DigestSendsTable {
  user_id: string;
  day: string;
  sent_at: string;
}

/** A stock-take of a location or a container (migration 020, modules/stocktakes). */
export interface StocktakesTable {
  id: string;
  location_id: string | null;
  container_id: string | null;
  place_name: string;
  count_contents: number;
  status: 'open' | 'finished';
  expected_count: number;
  started_by: string | null;
  started_by_email: string | null;
  started_at: string;
  finished_by_email: string | null;
  finished_at: string | null;
}

/** What a stock-take expected when it started: one row per item. */
export interface StocktakeExpectedTable {
  stocktake_id: string;
  item_id: string;
  item_name: string | null;
  item_status: string | null;
  missing_at: string | null;
}

/** One counted item: the key (stocktake_id, item_id) makes it count once. */
export interface StocktakeScansTable {
  stocktake_id: string;
  item_id: string;
  outcome: 'found' | 'wrong_place' | 'unexpected';
  code: string | null;
  via_container_id: string | null;
  detail: string | null;
  item_name: string | null;
  item_status: string | null;
  moved_at: string | null;
  scanned_by: string | null;
  scanned_by_email: string | null;
  scanned_at: string;
}

/** A scanned code attached to no item. */
export interface StocktakeUnknownCodesTable {
  stocktake_id: string;
  code: string;
  scanned_by: string | null;
  scanned_by_email: string | null;
  scanned_at: string;
}
