import { useQueryClient } from '@tanstack/react-query';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { openForm, openNameForm } from '../../components/forms/index.ts';
import {
  editFields,
  firstSave,
  settle,
  type FirstSave,
  type VersionedEdit,
} from '../../components/forms/versioned-edit.ts';
import { isOverbooked, type Override } from '../reservations/override.ts';
import { overbookable } from '../reservations/OverrideDialog.tsx';
import { clientEntity } from '../clients/api.ts';
import { STATUS_OPTIONS } from '../items/status-options.ts';
import { useCreateManifest, useDuplicateManifest, useUpdateManifest } from './api.ts';
import type { ManifestFormBody, ManifestFormValues } from './Manifest.form.tsx';

const valuesOf = (manifest: Manifest | undefined): ManifestFormValues => ({
  name: manifest?.name ?? '',
  note: manifest?.note ?? '',
  status: manifest?.status ?? null,
  client_id: manifest?.client_id ?? null,
  out_date: manifest?.out_date ?? '',
  due_date: manifest?.due_date ?? '',
  prep_days: manifest?.prep_days ?? 0,
  turnaround_days: manifest?.turnaround_days ?? 0,
});

/** A record's editable fields as the form's body has them (blank is null). */
const bodyOf = (manifest: Manifest): ManifestFormBody => ({
  name: manifest.name,
  note: manifest.note || null,
  status: manifest.status,
  client_id: manifest.client_id,
  out_date: manifest.out_date,
  due_date: manifest.due_date,
  prep_days: manifest.prep_days,
  turnaround_days: manifest.turnaround_days,
});

/**
 * The manifest form (create and edit), with the clients loaded before it opens. Resolves
 * with the saved manifest, or undefined when cancelled or unchanged.
 */
export function useManifestForm() {
  const queryClient = useQueryClient();
  const createClient = clientEntity.useCreate();
  const createManifest = useCreateManifest();
  const updateManifest = useUpdateManifest();

  return async (manifest?: Manifest): Promise<Manifest | undefined> => {
    const clients = (await queryClient.fetchQuery(clientEntity.queries.list())).map((c) => ({
      value: c.id,
      label: c.name,
    }));
    const choices = {
      status: STATUS_OPTIONS,
      clients,
      createClient: {
        label: 'Create a client',
        create: (name: string) => createClient.mutateAsync({ name }),
      },
    };
    const load = () => import('./Manifest.form.tsx');
    if (!manifest) {
      return openForm(
        load,
        {
          ...choices,
          initial: valuesOf(undefined),
          submitLabel: 'Create',
          save: (body: ManifestFormBody) => createManifest.mutateAsync(body),
        },
        { title: 'Create a Manifest' },
      ) as Promise<Manifest | undefined>;
    }
    const editWith = (override?: Override): VersionedEdit<Manifest, ManifestFormBody> => ({
      noun: 'manifest',
      loaded: manifest,
      bodyOf,
      fields: editFields([
        { name: 'name', label: 'Name' },
        { name: 'note', label: 'Note' },
        { name: 'status', label: 'Type', options: STATUS_OPTIONS },
        { name: 'client_id', label: 'Client', options: clients },
        { name: 'out_date', label: 'Out date' },
        { name: 'due_date', label: 'Due back' },
        { name: 'prep_days', label: 'Prep days' },
        { name: 'turnaround_days', label: 'Turnaround days' },
      ]),
      save: (changes, version) =>
        updateManifest.mutateAsync({ id: manifest.id, ...changes, version, ...override }),
      onTheirs: () => queryClient.invalidateQueries(),
    });
    const edit = editWith();
    // New dates on a reserved job may be refused as overbooking. The dialog queue shows one
    // dialog at a time, so the form closes with the refusal kept and the question follows.
    let refused: { body: ManifestFormBody; error: unknown } | undefined;
    const outcome = (await openForm(
      load,
      {
        ...choices,
        initial: valuesOf(manifest),
        submitLabel: 'Save',
        save: async (body: ManifestFormBody): Promise<FirstSave<Manifest>> => {
          try {
            return await firstSave(edit, body);
          } catch (error) {
            if (!isOverbooked(error)) throw error;
            refused = { body, error };
            return { kind: 'unchanged' };
          }
        },
      },
      { title: 'Edit manifest' },
    )) as FirstSave<Manifest> | undefined;
    if (!refused) return settle(edit, outcome);
    const { body, error } = refused;
    // The same change again, with the note; no note, nothing is written.
    let insisted: Override | undefined;
    const overbooked = await overbookable((override) => {
      insisted = override;
      return override ? firstSave(editWith(override), body) : Promise.reject(error);
    });
    // Should someone else have changed the job meanwhile, "keep mine" overbooks too.
    return settle(editWith(insisted), overbooked);
  };
}

/**
 * Duplicate asks for the new name (required); the copy keeps the note, type and
 * requirements, not the items. Resolves with the copy, or undefined.
 */
export function useDuplicateForm() {
  const duplicate = useDuplicateManifest();
  return (manifest: Manifest): Promise<Manifest | undefined> =>
    openNameForm({
      title: 'Duplicate manifest',
      label: 'New name',
      description: 'The copy gets the same requirements, note and type, but no items.',
      initialName: `${manifest.name} (copy)`,
      submitLabel: 'Duplicate',
      save: (name) => duplicate.mutateAsync({ id: manifest.id, name }),
    });
}
