import type { Insertable } from 'kysely';
import { STATUSES } from '../../../common/status.ts';
import type { ManifestsTable, NamedTable, RequirementsTable } from '../../db/schema.ts';
import { createRandom, type Random } from './random.ts';
import {
  CLIENT_FIRST,
  CLIENT_SECOND,
  COMPONENT_BASES,
  FIRST_NAMES,
  LOCATIONS,
  NOTE_SENTENCES,
  PRODUCTIONS,
  SURNAMES,
} from './vocabulary.ts';

export const CLIENT_COUNT = 40;
export const MANIFEST_COUNT = 300;
export const STAFF_COUNT = 8;
/** Clients that get a client user (someone at the client who may look their items up). */
export const CLIENT_USER_COUNT = 5;

/**
 * Timestamps are laid out before this moment rather than before "now", so the same seed
 * gives the same database whatever the day it runs.
 */
export const SEED_ANCHOR = Date.parse('2025-06-02T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

export const iso = (ms: number) => new Date(ms).toISOString();

/** A moment in the `days` before the anchor. */
export const daysBefore = (random: Random, days: number) =>
  SEED_ANCHOR - Math.floor(random.next() * days * DAY);

export type NamedRow = Insertable<NamedTable> & { name: string };
export type ManifestRow = Insertable<ManifestsTable> & { name: string };
export type RequirementRow = Insertable<RequirementsTable>;

export interface SeedMember {
  id: string;
  email: string;
  /** Index into Catalog.clients for client users. */
  clientIndex: number | null;
  created_at: string;
}

/** Everything the items point at: the same for a given seed, whatever the item count. */
export interface Catalog {
  clients: NamedRow[];
  locations: NamedRow[];
  components: NamedRow[];
  manifests: ManifestRow[];
  requirements: RequirementRow[];
  members: SeedMember[];
}

function named(random: Random, name: string): NamedRow {
  const at = iso(daysBefore(random, 900));
  return { id: random.id(), name, created_at: at, updated_at: at };
}

export function generateCatalog(seed: number): Catalog {
  const random = createRandom(seed, 'catalog');

  const clientNames = CLIENT_FIRST.flatMap((first) => CLIENT_SECOND.map((s) => `${first} ${s}`));
  const clients = random.sample(clientNames, CLIENT_COUNT).map((name) => named(random, name));
  const locations = LOCATIONS.map((name) => named(random, name));
  const components = COMPONENT_BASES.flatMap(([base, sizes]) =>
    sizes.map((size) => named(random, `${base} ${size}`)),
  );

  const manifests: ManifestRow[] = [];
  const requirements: RequirementRow[] = [];
  for (let i = 0; i < MANIFEST_COUNT; i++) {
    // Most manifests are packed for a client; a few are the studio's own (stock moves).
    const client = random.chance(0.9) ? random.pick(clients) : null;
    const year = random.pick([2023, 2024, 2025]);
    const production = random.pick(PRODUCTIONS);
    const at = iso(daysBefore(random, 700));
    const manifest: ManifestRow = {
      id: random.id(),
      name: client
        ? `${client.name} — ${production} ${year}`
        : `Stock move ${String(i + 1).padStart(3, '0')}`,
      note: random.chance(0.5) ? random.sample(NOTE_SENTENCES, random.int(1, 3)).join(' ') : null,
      status: random.chance(0.8) ? random.pick(['Pallet', 'Crate', 'Rack'] as const) : null,
      client_id: client?.id ?? null,
      created_at: at,
      updated_at: at,
    };
    manifests.push(manifest);
    for (const component of random.sample(components, random.int(1, 8))) {
      requirements.push({
        manifest_id: manifest.id,
        component_id: component.id!,
        count: random.weighted([
          [random.int(1, 4), 5],
          [random.int(5, 20), 3],
          [random.int(21, 120), 1],
        ]),
        created_at: at,
        updated_at: at,
      });
    }
  }

  // Staff (never admins: a seed must not add anyone who can manage members) and a few
  // client users.
  const members: SeedMember[] = [];
  for (let i = 0; i < STAFF_COUNT; i++) {
    members.push({
      id: random.id(),
      email: `${FIRST_NAMES[i]}.${SURNAMES[i]}@studio.example`,
      clientIndex: null,
      created_at: iso(daysBefore(random, 900)),
    });
  }
  for (let i = 0; i < CLIENT_USER_COUNT; i++) {
    members.push({
      id: random.id(),
      email: `producer@${slug(clients[i]!.name)}.example`,
      clientIndex: i,
      created_at: iso(daysBefore(random, 600)),
    });
  }
  return { clients, locations, components, manifests, requirements, members };
}

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Statuses with how often they occur: mostly packages, then the item types, some none. */
export const STATUS_WEIGHTS: ReadonlyArray<readonly [(typeof STATUSES)[number] | null, number]> = [
  ['Crate', 22],
  ['Pallet', 12],
  ['Rack', 6],
  ['Panel', 14],
  ['Piece', 12],
  ['Fabric', 8],
  ['FF&E', 10],
  ['Tools', 6],
  ['Bin', 5],
  [null, 5],
];
