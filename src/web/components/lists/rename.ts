import { openNameForm } from '../forms/index.ts';
import { editInForm, type VersionedEdit } from '../forms/versioned-edit.ts';

/** Renaming a client, location or component type: a one-name form, then `settle`. */
export async function renameInForm<
  T extends { id: string; name: string; version: number },
>(options: {
  noun: string;
  title: string;
  row: T;
  save: (name: string, version: number) => Promise<T>;
  onTheirs?: () => unknown;
}): Promise<T | undefined> {
  const edit: VersionedEdit<T, { name: string }> = {
    noun: options.noun,
    loaded: options.row,
    bodyOf: (record) => ({ name: record.name }),
    fields: [{ key: 'name', label: 'Name' }],
    save: (changes, version) => options.save(changes.name ?? options.row.name, version),
    onTheirs: options.onTheirs,
  };
  return editInForm(edit, (save) =>
    openNameForm({
      title: options.title,
      initialName: options.row.name,
      submitLabel: 'Save',
      save: (name) => save({ name }),
    }),
  );
}
