import type { ErrorCode } from './api/error-codes.ts';
import { can, type Role } from './permissions.ts';
import { STAGES, type Condition, type Stage } from './round-trip.ts';

/**
 * The job's stage rules, written once (docs/decisions.md, "Job stages and abilities"): what
 * each stage allows, where each transition leads, and the sentence the server answers when
 * a stage refuses. The server enforces them (its guards call stageRefusal / itemRefusal);
 * the answers carry the caller's abilities (manifestAbilities / itemAbilities), and the web
 * shows only what those allow. A new stage is one more row of STAGE_RULES (a missing row or
 * action is a compile error) and its transitions in TRANSITIONS.
 */

/** What a member can do with a job. */
export const JOB_ACTIONS = [
  /** Change its name, note, type, client and dates. */
  'edit',
  'delete',
  /** Put an item on it (allocate, pack by scanning, import onto it). */
  'pack',
  /** Send it out: planning or reserved → out. */
  'dispatch',
  /** Take items back from it (Return mode). */
  'return',
  /** Finish it: out → closed; what has not come back is missing. */
  'close',
  /** Hold its kit for its window: planning → reserved (needs both dates). */
  'reserve',
  /** Let go of its kit: reserved → planning. */
  'unreserve',
  /** Add or remove named reservation lines ("Reserve items"). */
  'reserve_items',
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** A refusal as the server answers it (409 with this code and sentence). */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

const ALLOWED = null;
type Rule = Refusal | typeof ALLOWED;

const notDispatched: Refusal = {
  code: 'wrong_stage',
  message: 'This job has not been dispatched yet.',
};

const notReserved: Refusal = { code: 'wrong_stage', message: 'This job is not reserved.' };

/**
 * Planning and reserved jobs are both still at home: they differ only in what they hold
 * (reserve / unreserve). Deleting a reserved job lets go of what it holds, as unreserving
 * would.
 */
const AT_HOME = {
  edit: ALLOWED,
  delete: ALLOWED,
  pack: ALLOWED,
  dispatch: ALLOWED,
  return: notDispatched,
  close: notDispatched,
  reserve_items: ALLOWED,
} satisfies Partial<Record<JobAction, Rule>>;

/** For each stage, each action: allowed (null) or refused with what the server says. */
const STAGE_RULES: Record<Stage, Record<JobAction, Rule>> = {
  // A draft: it shows what it would conflict with, but holds nothing.
  planning: { ...AT_HOME, reserve: ALLOWED, unreserve: notReserved },
  // Holds its named items and required counts for its window.
  reserved: {
    ...AT_HOME,
    reserve: { code: 'wrong_stage', message: 'This job is already reserved.' },
    unreserve: ALLOWED,
  },
  out: {
    edit: ALLOWED,
    delete: {
      code: 'wrong_stage',
      message: 'This job is out. Close it (or return everything) before deleting it.',
    },
    // An item packed onto a job that is out goes out with it.
    pack: ALLOWED,
    dispatch: { code: 'wrong_stage', message: 'This job is already out.' },
    return: ALLOWED,
    close: ALLOWED,
    reserve: { code: 'wrong_stage', message: 'This job is already out.' },
    unreserve: { code: 'wrong_stage', message: 'This job is already out.' },
    // What an out job holds is what went out on it: pack an item instead.
    reserve_items: {
      code: 'wrong_stage',
      message: 'This job is already out. Pack the item instead.',
    },
  },
  closed: {
    edit: ALLOWED,
    delete: ALLOWED,
    pack: { code: 'job_closed', message: 'That job is closed.' },
    dispatch: { code: 'wrong_stage', message: 'This job is closed.' },
    return: { code: 'wrong_stage', message: 'This job is closed.' },
    close: { code: 'wrong_stage', message: 'This job is already closed.' },
    reserve: { code: 'wrong_stage', message: 'This job is closed.' },
    unreserve: { code: 'wrong_stage', message: 'This job is closed.' },
    reserve_items: { code: 'job_closed', message: 'That job is closed.' },
  },
};

/** The actions that move a job to another stage, and the stage each one leads to. */
export const TRANSITIONS = {
  dispatch: 'out',
  close: 'closed',
  reserve: 'reserved',
  unreserve: 'planning',
} as const satisfies Partial<Record<JobAction, Stage>>;
export type Transition = keyof typeof TRANSITIONS;

/** Why a job in `stage` refuses `action`, or null when the stage allows it. */
export function stageRefusal(stage: Stage, action: JobAction): Refusal | null {
  return STAGE_RULES[stage][action];
}

/** Whether a job in `stage` allows `action` (a transition, or any other job action). */
export function canTransition(stage: Stage, action: JobAction): boolean {
  return stageRefusal(stage, action) === null;
}

/** The stage a transition leads to. */
export function nextStage(action: Transition): Stage {
  return TRANSITIONS[action];
}

/** What the caller may do next with a manifest (the job), sent with every manifest. */
export type ManifestAbilities = Record<JobAction, boolean>;

export function manifestAbilities(role: Role, manifest: { stage: Stage }): ManifestAbilities {
  const writer = can(role, 'inventory:write');
  const abilities = {} as ManifestAbilities;
  for (const action of JOB_ACTIONS) {
    abilities[action] = writer && canTransition(manifest.stage, action);
  }
  return abilities;
}

/** What a member can do with one item. */
export const ITEM_ACTIONS = [
  'edit',
  'delete',
  /** Take it off its job or move it onto another ("Take off", allocate elsewhere). */
  'take_off',
  /** Return it from its job (or report a missing one found). */
  'return',
] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];
export type ItemAbilities = Record<ItemAction, boolean>;

/** The item's own round-trip state, as the item answer carries it. */
export interface ItemStageState {
  manifest_id: string | null;
  /** The job's name, for the refusal's sentence. */
  manifest_name?: string | null;
  out_since: string | null;
  condition: Condition | string;
}

/**
 * Why `action` is refused for this item because of where it stands on its job, or null.
 * An item out on a job is on that job until it is returned or the job closes.
 */
export function itemRefusal(item: ItemStageState, action: ItemAction): Refusal | null {
  const out = item.out_since !== null && item.manifest_id !== null;
  if (action === 'take_off' && out) {
    const name = item.manifest_name ?? 'a job';
    return {
      code: 'out_on_job',
      message: `This item is out on ${name}. Return it from that job instead.`,
    };
  }
  if (action === 'return' && !out && item.condition !== 'missing') {
    return { code: 'not_on_job', message: 'Not on this job.' };
  }
  return null;
}

export function itemAbilities(role: Role, item: ItemStageState): ItemAbilities {
  const writer = can(role, 'inventory:write');
  const abilities = {} as ItemAbilities;
  for (const action of ITEM_ACTIONS) {
    abilities[action] = writer && itemRefusal(item, action) === null;
  }
  return abilities;
}

/** Today as YYYY-MM-DD in UTC: the day overdue is counted by, on the server and the web. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A job still out after its due date (on the due date itself it is not late yet). */
export function isOverdue(job: { stage: Stage; due_date: string | null }, day = today()): boolean {
  return job.stage === 'out' && job.due_date !== null && job.due_date < day;
}

/** The stage as people read it. */
export const STAGE_LABELS: Record<Stage, string> = {
  planning: 'Planning',
  reserved: 'Reserved',
  out: 'Out',
  closed: 'Closed',
};

/** A manifest (or job) answer with what the caller may do next. */
export function withManifestAbilities<T extends { stage: Stage }>(
  role: Role,
  manifest: T,
): T & { abilities: ManifestAbilities } {
  return { ...manifest, abilities: manifestAbilities(role, manifest) };
}

/** An item answer with what the caller may do next. */
export function withItemAbilities<T extends ItemStageState>(
  role: Role,
  item: T,
): T & { abilities: ItemAbilities } {
  return { ...item, abilities: itemAbilities(role, item) };
}

/** Whether a job in this stage holds kit for its window (reserved by name and count, or out). */
export function holdsKit(stage: Stage): boolean {
  return stage === 'reserved' || stage === 'out';
}

/** Whether the job has been sent out (whatever happened since): its returns are worth showing. */
export function hasGoneOut(stage: Stage): boolean {
  return STAGES.indexOf(stage) >= STAGES.indexOf(nextStage('dispatch'));
}
