import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';

// The conflict dialog is answered by the test; the rest runs as it is.
const answers: Array<'theirs' | 'mine'> = [];
const asked: unknown[] = [];
vi.mock('../dialogs/conflict.tsx', () => ({
  conflictDialog: (options: unknown) => {
    asked.push(options);
    return Promise.resolve(answers.shift() ?? 'theirs');
  },
}));
const { changedFields, conflictRows, firstSave, settle } = await import('./versioned-edit.ts');
type VersionedEdit<
  T extends { version: number },
  B extends Record<string, unknown>,
> = import('./versioned-edit.ts').VersionedEdit<T, B>;

type Rec = { name: string; note: string; version: number };
type RecBody = { name: string; note: string };
const stale = (current: Rec) => new ApiError(409, 'conflict', 'changed', current);

function editOf(
  loaded: Rec,
  save: (changes: Partial<RecBody>, version: number) => Promise<Rec>,
): VersionedEdit<Rec, RecBody> {
  return {
    noun: 'item',
    loaded,
    bodyOf: (r) => ({ name: r.name, note: r.note }),
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'note', label: 'Note' },
    ],
    save,
  };
}

describe('changedFields', () => {
  it('keeps only what differs; blank and null are the same', () => {
    expect(
      changedFields({ name: 'a', note: null, client: 'x' } as Record<string, unknown>, {
        name: 'a',
        note: '',
        client: 'y',
      }),
    ).toEqual({ client: 'y' });
  });
});

describe('conflictRows', () => {
  it('lists fields either side changed, mine null where I did not touch it', () => {
    const fields = [
      { key: 'name', label: 'Name' },
      { key: 'note', label: 'Note' },
      { key: 'status', label: 'Type' },
    ];
    const loaded: Record<string, unknown> = { name: 'a', note: 'n', status: null };
    const current = { name: 'a', note: 'theirs', status: 'Crate' };
    expect(conflictRows(fields, loaded, current, { name: 'mine' })).toEqual([
      { field: 'Name', theirs: 'a', mine: 'mine' },
      { field: 'Note', theirs: 'theirs', mine: null },
      { field: 'Type', theirs: 'Crate', mine: null },
    ]);
  });
});

describe('firstSave and settle', () => {
  const loaded: Rec = { name: 'a', note: 'n', version: 1 };

  it('sends nothing when nothing changed', async () => {
    const save = vi.fn();
    const edit = editOf(loaded, save);
    const outcome = await firstSave(edit, { name: 'a', note: 'n' });
    expect(outcome).toEqual({ kind: 'unchanged' });
    expect(await settle(edit, outcome)).toBeUndefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends only the changed field with the loaded version', async () => {
    const save = vi.fn(async (changes: Partial<RecBody>, version: number) => ({
      ...loaded,
      ...changes,
      version: version + 1,
    }));
    const edit = editOf(loaded, save);
    const saved = await settle(edit, await firstSave(edit, { name: 'a', note: 'mine' }));
    expect(save).toHaveBeenCalledWith({ note: 'mine' }, 1);
    expect(saved).toEqual({ name: 'a', note: 'mine', version: 2 });
  });

  it('on a conflict: theirs keeps theirs; mine re-sends my fields with the new version, asking again if needed', async () => {
    const theirs: Rec = { name: 'theirs', note: 'n', version: 2 };
    const newer: Rec = { name: 'theirs', note: 'n', version: 3 };
    const calls: Array<[Partial<RecBody>, number]> = [];
    const save = async (changes: Partial<RecBody>, version: number) => {
      calls.push([changes, version]);
      if (version === 1) throw stale(theirs);
      if (version === 2) throw stale(newer);
      return { ...newer, ...changes, version: 4 };
    };
    answers.push('theirs');
    const kept = await settle(
      editOf(loaded, save),
      await firstSave(editOf(loaded, save), { name: 'a', note: 'mine' }),
    );
    expect(kept).toEqual(theirs);

    calls.length = 0;
    answers.push('mine', 'mine');
    const edit = editOf(loaded, save);
    const applied = await settle(edit, await firstSave(edit, { name: 'a', note: 'mine' }));
    expect(calls).toEqual([
      [{ note: 'mine' }, 1],
      [{ note: 'mine' }, 2],
      [{ note: 'mine' }, 3],
    ]);
    expect(applied).toEqual({ name: 'theirs', note: 'mine', version: 4 });
  });

  it('throws any other failure, for the form to show', async () => {
    const edit = editOf(loaded, () => Promise.reject(new ApiError(400, 'bad_request', 'Nope')));
    await expect(firstSave(edit, { name: 'b', note: 'n' })).rejects.toThrow('Nope');
  });
});
