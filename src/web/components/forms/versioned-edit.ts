import type { ConflictRow } from '../dialogs/conflict.tsx';
import { ApiError } from '../../lib/api.ts';

/**
 * Editing a record without undoing someone else's change (docs/decisions.md, "Versions
 * and conflicts"): a form sends only the fields its user changed, with the version it was
 * opened at; a 409 shows what changed and lets the user keep theirs or apply theirs mine.
 */

export type Body = Record<string, unknown>;

export interface EditField {
  key: string;
  label: string;
  /** How a value reads in the conflict dialog; defaults to the text, "(empty)" for none. */
  display?: (value: unknown) => string;
}

/** The entries of `after` that differ from `before`: all a form should send. */
export function changedFields<B extends Body>(before: B, after: B): Partial<B> {
  const changed: Partial<B> = {};
  for (const key of Object.keys(after) as Array<keyof B>) {
    if (!sameValue(before[key], after[key])) changed[key] = after[key];
  }
  return changed;
}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || emptyBoth(a, b);
const emptyBoth = (a: unknown, b: unknown) => isBlank(a) && isBlank(b);
const isBlank = (v: unknown) => v === null || v === undefined || v === '';

const show = (field: EditField, value: unknown) =>
  field.display ? field.display(value) : isBlank(value) ? '(empty)' : String(value);

/** The fields either side changed since `loaded`, for the conflict dialog. */
export function conflictRows<B extends Body>(
  fields: EditField[],
  loaded: B,
  current: B,
  mine: Partial<B>,
): ConflictRow[] {
  return fields
    .filter((f) => f.key in mine || !sameValue(loaded[f.key], current[f.key]))
    .map((f) => ({
      field: f.label,
      theirs: show(f, current[f.key]),
      mine: f.key in mine ? show(f, mine[f.key]) : null,
    }));
}

/** A stale-version answer, with the record as it is now. */
export function staleCurrent<T>(error: unknown): T | undefined {
  return error instanceof ApiError && error.status === 409 && error.code === 'conflict'
    ? (error.current as T | undefined)
    : undefined;
}

export type FirstSave<T> =
  | { kind: 'saved'; record: T }
  | { kind: 'unchanged' }
  | { kind: 'conflict'; current: T; changes: Body };

export interface VersionedEdit<T extends { version: number }, B extends Body> {
  /** "item", "manifest": said in the conflict dialog. */
  noun: string;
  /** The record the form was opened with. */
  loaded: T;
  /** The editable fields of a record, in the shape the form produces. */
  bodyOf: (record: T) => B;
  fields: EditField[];
  /** Sends these fields with this version. */
  save: (changes: Partial<B>, version: number) => Promise<T>;
  /** After "Keep theirs": show the current record (refetch what the page shows). */
  onTheirs?: () => unknown;
}

/**
 * Inside a form's submit: sends the changed fields with the loaded version. A conflict
 * is returned (not thrown), so the form can close and `settle` can ask about it; any
 * other failure is thrown and shown in the form.
 */
export async function firstSave<T extends { version: number }, B extends Body>(
  edit: VersionedEdit<T, B>,
  formBody: B,
): Promise<FirstSave<T>> {
  const changes = changedFields(edit.bodyOf(edit.loaded), formBody);
  if (Object.keys(changes).length === 0) return { kind: 'unchanged' };
  try {
    return { kind: 'saved', record: await edit.save(changes, edit.loaded.version) };
  } catch (error) {
    const current = staleCurrent<T>(error);
    if (!current) throw error;
    return { kind: 'conflict', current, changes };
  }
}

/**
 * After the form closed: the saved record, undefined when nothing changed, or, after a
 * conflict, the user's choice: theirs (the current record) or mine (re-sent with the new
 * version, asking again should it have moved once more).
 */
export async function settle<T extends { version: number }, B extends Body>(
  edit: VersionedEdit<T, B>,
  outcome: FirstSave<T> | undefined,
): Promise<T | undefined> {
  if (!outcome || outcome.kind === 'unchanged') return undefined;
  if (outcome.kind === 'saved') return outcome.record;
  const loadedBody = edit.bodyOf(edit.loaded);
  const mine = outcome.changes as Partial<B>;
  let current = outcome.current;
  for (;;) {
    const rows = conflictRows(edit.fields, loadedBody, edit.bodyOf(current), mine);
    // Loaded when a conflict happens: a page that only shows a record never needs it.
    const { conflictDialog } = await import('../dialogs/conflict.tsx');
    if ((await conflictDialog({ noun: edit.noun, rows })) === 'theirs') {
      await edit.onTheirs?.();
      return current;
    }
    try {
      return await edit.save(mine, current.version);
    } catch (error) {
      const newer = staleCurrent<T>(error);
      if (!newer) throw error;
      current = newer;
    }
  }
}

/**
 * The conflict dialog's fields from a form's fields: same labels, and a select's value
 * reads as its option's label.
 */
export function editFields(
  formFields: Array<{
    name: string;
    label: string;
    options?: Array<
      | { value: string; label: string }
      | { group: string; items: Array<{ value: string; label: string }> }
    >;
  }>,
): EditField[] {
  return formFields.map((f) => {
    const options = (f.options ?? []).flatMap((o) => ('items' in o ? o.items : [o]));
    if (options.length === 0) return { key: f.name, label: f.label };
    return {
      key: f.name,
      label: f.label,
      display: (value) =>
        isBlank(value)
          ? '(empty)'
          : (options.find((o) => o.value === value)?.label ?? String(value)),
    };
  });
}

/**
 * An edit form for a versioned record: `open` shows the form at the record's values and
 * calls `save` with its body; only what the user changed is sent, with the record's
 * version, and a conflict is settled after the form has closed (the dialog queue shows
 * one dialog at a time).
 */
export async function editInForm<T extends { version: number }, B extends Body>(
  edit: VersionedEdit<T, B>,
  open: (save: (body: B) => Promise<FirstSave<T>>) => Promise<FirstSave<T> | undefined>,
): Promise<T | undefined> {
  return settle(edit, await open((body) => firstSave(edit, body)));
}
