import type { Insertable } from 'kysely';
import { foldSearchField } from '../../../common/search.ts';
import type {
  ItemComponentsTable,
  ItemSearchTable,
  ItemsTable,
  LabelsTable,
} from '../../db/schema.ts';
import {
  SEED_ANCHOR,
  STATUS_WEIGHTS,
  daysBefore,
  iso,
  type Catalog,
  type NamedRow,
} from './catalog.ts';
import { createLabelCodes, createRandom, type Random } from './random.ts';
import {
  BIN_CONTENTS,
  FABRICS,
  FFE,
  NOTE_SENTENCES,
  PACKAGE_CONTENTS,
  PANEL_USES,
  PIECES,
  PRODUCTIONS,
  SHORT_NOTES,
  TOOLS,
} from './vocabulary.ts';

export type ItemRow = Insertable<ItemsTable> & { id: string; created_at: string };
export type SearchRow = Insertable<ItemSearchTable>;
export type ItemComponentRow = Insertable<ItemComponentsTable>;
export type LabelRow = Insertable<LabelsTable> & { id: string };

/** One batch of items with everything that hangs on them, inserted in one transaction. */
export interface ItemChunk {
  items: ItemRow[];
  search: SearchRow[];
  itemComponents: ItemComponentRow[];
  labels: LabelRow[];
}

/** A staff member as stored: activity and last scanners point at them. */
export interface StoredMember {
  id: string;
  email: string;
}

/** Items the activity feed will tell about, kept while the items are generated. */
export interface ItemStory {
  id: string;
  name: string | null;
  created_at: string;
  updated_at: string;
  labels: string[];
}

/** Roughly this many items get feed entries, whatever the item count. */
const STORY_ITEMS = 800;

/**
 * Generates items batch by batch, so 100,000 of them never sit in memory at once. The
 * search document of each item is built here from the same values the item is written
 * with, folded exactly as refreshItemSearch (items/search.repo.ts) folds them.
 */
export class ItemGenerator {
  readonly stories: ItemStory[] = [];
  private readonly random: Random;
  private readonly nextCode: () => string;
  private readonly counters = new Map<string, number>();
  private readonly folded = new Map<string, string | null>();
  private readonly clientNames: Map<string, string>;
  private generated = 0;

  private readonly catalog: Catalog;
  private readonly staff: StoredMember[];
  private readonly total: number;

  constructor(seed: number, catalog: Catalog, staff: StoredMember[], total: number) {
    this.catalog = catalog;
    this.staff = staff;
    this.total = total;
    this.random = createRandom(seed, 'items');
    this.nextCode = createLabelCodes(seed);
    this.clientNames = new Map(catalog.clients.map((c) => [c.id!, c.name]));
  }

  get remaining(): number {
    return this.total - this.generated;
  }

  next(size: number): ItemChunk {
    const chunk: ItemChunk = { items: [], search: [], itemComponents: [], labels: [] };
    const count = Math.min(size, this.remaining);
    for (let i = 0; i < count; i++) this.addItem(chunk);
    this.generated += count;
    return chunk;
  }

  private addItem(chunk: ItemChunk): void {
    const r = this.random;
    const { clients, locations, components, manifests } = this.catalog;
    const status = r.weighted(STATUS_WEIGHTS);
    const typed = status === 'Panel' || status === 'Piece' || status === 'Tools';
    const component = r.chance(typed ? 0.6 : 0.15) ? r.pick(components) : null;
    const manifest = r.chance(0.25) ? r.pick(manifests) : null;
    const clientId = manifest?.client_id ?? (r.chance(0.85) ? r.pick(clients).id! : null);
    const location = r.chance(0.9) ? r.pick(locations) : null;
    const scanner = r.chance(0.2) ? r.pick(this.staff) : null;
    const created = daysBefore(r, 730);
    const updated = r.chance(0.5) ? created : laterThan(r, created);

    const item: ItemRow = {
      id: r.id(),
      name: r.chance(0.003) ? null : this.nameOf(status, component),
      note: this.noteOf(),
      status,
      client_id: clientId,
      location_id: location?.id ?? null,
      manifest_id: manifest?.id ?? null,
      component_id: component?.id ?? null,
      last_scanned_by: scanner?.id ?? null,
      created_at: iso(created),
      updated_at: iso(updated),
    };
    chunk.items.push(item);
    chunk.search.push({
      item_id: item.id,
      client_id: item.client_id,
      location_id: item.location_id,
      component_id: item.component_id,
      last_scanned_by: item.last_scanned_by,
      name: foldSearchField(item.name),
      component_name: this.fold(component?.name),
      status: this.fold(status),
      client_name: this.fold(clientId && this.clientNames.get(clientId)),
      location_name: this.fold(location?.name),
      last_scanned_by_email: this.fold(scanner?.email),
      note: foldSearchField(item.note),
    });

    if (r.chance(0.12)) {
      for (const part of r.sample(components, r.int(1, 3))) {
        chunk.itemComponents.push({
          item_id: item.id,
          component_id: part.id!,
          count: r.weighted([
            [r.int(1, 4), 4],
            [r.int(5, 24), 2],
          ]),
          created_at: item.updated_at,
          updated_at: item.updated_at,
        });
      }
    }

    const labelCount = r.weighted([
      [1, 78],
      [2, 4],
      [0, 18],
    ]);
    const codes: string[] = [];
    for (let i = 0; i < labelCount; i++) {
      const at = iso(laterThan(r, created));
      codes.push(this.nextCode());
      chunk.labels.push({
        id: codes[i]!,
        item_id: item.id,
        name: null,
        created_at: at,
        updated_at: at,
      });
    }
    // Printed sheets leave some labels not stuck on anything yet.
    if (r.chance(0.02)) {
      const at = iso(daysBefore(r, 60));
      chunk.labels.push({
        id: this.nextCode(),
        item_id: null,
        name: null,
        created_at: at,
        updated_at: at,
      });
    }

    if (r.chance(STORY_ITEMS / this.total)) {
      this.stories.push({
        id: item.id,
        name: item.name ?? null,
        created_at: item.created_at,
        updated_at: item.updated_at,
        labels: codes,
      });
    }
  }

  /** "Crate 0412 — Lighting rig", "Deck panel 2x1 #0031", "Bin 0007 — Shackles". */
  private nameOf(status: string | null, component: NamedRow | null): string {
    const r = this.random;
    const n = this.number(status ?? 'Box');
    switch (status) {
      case 'Crate':
      case 'Pallet':
      case 'Rack':
        return `${status} ${n} — ${r.pick(PACKAGE_CONTENTS)}`;
      case 'Panel':
        return component ? `${component.name} #${n}` : `Flat ${n} — ${r.pick(PANEL_USES)}`;
      case 'Piece':
        return component ? `${component.name} #${n}` : `${r.pick(PIECES)} (${r.pick(PRODUCTIONS)})`;
      case 'Fabric':
        return `${r.pick(FABRICS)} ${r.int(2, 8)}x${r.int(2, 8)}m`;
      case 'FF&E':
        return `${r.pick(FFE)} #${n}`;
      case 'Tools':
        return component ? `${component.name} #${n}` : `${r.pick(TOOLS)} ${n}`;
      case 'Bin':
        return `Bin ${n} — ${r.pick(BIN_CONTENTS)}`;
      default:
        return `Box ${n} — ${r.pick(PACKAGE_CONTENTS)}`;
    }
  }

  /** None, a word or two, a sentence, or a paragraph (well over 100 characters). */
  private noteOf(): string | null {
    const r = this.random;
    const kind = r.weighted([
      ['none', 35],
      ['short', 30],
      ['medium', 22],
      ['long', 13],
    ] as const);
    switch (kind) {
      case 'none':
        return null;
      case 'short':
        return r.pick(SHORT_NOTES);
      case 'medium':
        return r.sample(NOTE_SENTENCES, r.int(1, 2)).join(' ');
      case 'long': {
        const sentences = r.sample(NOTE_SENTENCES, r.int(3, 6));
        // Some notes are lists typed line by line.
        return r.chance(0.3) ? sentences.map((s) => `- ${s}`).join('\n') : sentences.join(' ');
      }
    }
  }

  private number(kind: string): string {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return String(n).padStart(4, '0');
  }

  /** Catalog names repeat on every item: fold each once. */
  private fold(value: string | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    let folded = this.folded.get(value);
    if (folded === undefined) {
      folded = foldSearchField(value);
      this.folded.set(value, folded);
    }
    return folded;
  }
}

/** A moment between `ms` and the anchor, mostly soon after `ms`. */
function laterThan(random: Random, ms: number): number {
  return ms + Math.floor((SEED_ANCHOR - ms) * random.next() ** 3);
}
