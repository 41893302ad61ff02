import { useQueryClient } from '@tanstack/react-query';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import type { Status } from '../../../common/status.ts';
import {
  formModal,
  type FieldValue,
  type FormField,
  type FormValues,
} from '../../components/dialogs/index.ts';
import { editFields, editInForm, type VersionedEdit } from '../../lib/versioned-edit.ts';
import { clientQueries, useCreateClient } from '../clients/api.ts';
import { STATUS_OPTIONS } from '../items/useItemForm.ts';
import { useCreateManifest, useUpdateManifest } from '../manifests/api.ts';
import { useDuplicateManifest } from './api.ts';

const text = (v: FieldValue | undefined) => (typeof v === 'string' ? v : '');
const idOrNull = (v: FieldValue | undefined) => (typeof v === 'string' && v ? v : null);

/**
 * The manifest form (create and edit): name (required), note, type, the client it is
 * for, and the dates the job goes out and is due back (YYYY-MM-DD, from the date input). The client is what lets that client's users see the manifest read-only, so it is
 * on the form with an inline "Create a client". Resolves with the saved manifest, or
 * undefined when cancelled.
 */
export function useManifestForm() {
  const queryClient = useQueryClient();
  const createClient = useCreateClient();
  const createManifest = useCreateManifest();
  const updateManifest = useUpdateManifest();

  return async (manifest?: Manifest): Promise<Manifest | undefined> => {
    const clients = await queryClient.fetchQuery(clientQueries.list());
    const fields: FormField[] = [
      { name: 'name', label: 'Name', required: true, autoComplete: 'off' },
      { name: 'note', label: 'Note', type: 'textarea' },
      { name: 'status', label: 'Type', type: 'select', options: STATUS_OPTIONS },
      {
        name: 'client_id',
        label: 'Client',
        type: 'select',
        description: "The client's users can see this manifest.",
        options: clients.map((c) => ({ value: c.id, label: c.name })),
        create: {
          label: 'Create a client',
          fields: [{ name: 'name', label: 'Name', required: true, autoComplete: 'off' }],
          submit: async (values) => {
            const made = await createClient.mutateAsync({ name: text(values.name).trim() });
            return { value: made.id, label: made.name };
          },
        },
      },
      { name: 'out_date', label: 'Out date', type: 'date', description: 'When the job goes out.' },
      {
        name: 'due_date',
        label: 'Due back',
        type: 'date',
        description: 'Past this date a job still out is overdue.',
        validate: (due, values) =>
          typeof due === 'string' && due && text(values.out_date) && due < text(values.out_date)
            ? 'The due date cannot be before the out date.'
            : null,
      },
    ];
    if (!manifest) {
      return formModal({
        title: 'Create a Manifest',
        fields,
        submitLabel: 'Create',
        onSubmit: (values) => createManifest.mutateAsync(toBody(values)),
      });
    }
    const edit: VersionedEdit<Manifest, ManifestFormBody> = {
      noun: 'manifest',
      loaded: manifest,
      bodyOf: (record) => toBody(initialValuesOf(record)),
      fields: editFields(fields),
      save: (changes, version) =>
        updateManifest.mutateAsync({ id: manifest.id, ...changes, version }),
      onTheirs: () => queryClient.invalidateQueries(),
    };
    return editInForm(edit, {
      title: 'Edit manifest',
      fields,
      initialValues: initialValuesOf(manifest),
      toBody,
    });
  };
}

interface ManifestFormBody {
  [field: string]: unknown;
  name: string;
  note: string;
  status: Status | null;
  client_id: string | null;
  out_date: string | null;
  due_date: string | null;
}

const toBody = (values: FormValues): ManifestFormBody => ({
  name: text(values.name).trim(),
  note: text(values.note),
  status: (idOrNull(values.status) as Status | null) ?? null,
  client_id: idOrNull(values.client_id),
  out_date: idOrNull(values.out_date),
  due_date: idOrNull(values.due_date),
});

const initialValuesOf = (manifest: Manifest): FormValues => ({
  name: manifest.name,
  note: manifest.note ?? '',
  status: manifest.status,
  client_id: manifest.client_id,
  out_date: manifest.out_date ?? '',
  due_date: manifest.due_date ?? '',
});

/**
 * Duplicate asks for the new name (required, spec section 5); the copy keeps the note,
 * type and requirements, not the items. Resolves with the copy, or undefined.
 */
export function useDuplicateForm() {
  const duplicate = useDuplicateManifest();
  return (manifest: Manifest): Promise<Manifest | undefined> =>
    formModal({
      title: 'Duplicate manifest',
      fields: [
        {
          name: 'name',
          label: 'New name',
          required: true,
          autoComplete: 'off',
          description: 'The copy gets the same requirements, note and type, but no items.',
        },
      ],
      initialValues: { name: `${manifest.name} (copy)` },
      submitLabel: 'Duplicate',
      onSubmit: (values) =>
        duplicate.mutateAsync({ id: manifest.id, name: text(values.name).trim() }),
    });
}
