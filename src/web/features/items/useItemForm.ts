import { useQueryClient } from '@tanstack/react-query';
import type { Item, PublicItem } from '../../../common/schemas/item.ts';
import { STATUS_GROUPS, type Status } from '../../../common/status.ts';
import {
  formModal,
  type FieldOption,
  type FieldValue,
  type FormField,
  type FormValues,
  type InlineCreate,
} from '../../components/dialogs/index.ts';
import { clientQueries, useCreateClient } from '../clients/api.ts';
import { componentQueries, useCreateComponent } from '../component-types/api.ts';
import { locationQueries, useCreateLocation } from '../locations/api.ts';
import { manifestQueries, useCreateManifest } from '../manifests/api.ts';
import { editFields, editInForm, type VersionedEdit } from '../../lib/versioned-edit.ts';
import { useCreateItem, useUpdateItem, type ItemBody } from './api.ts';

/** The type choices in their two groups, with the emoji the package types carry. */
export const STATUS_OPTIONS = STATUS_GROUPS.map((group) => ({
  group: group.group,
  items: group.values.map((v) => ({
    value: v.value,
    label: v.emoji ? `${v.emoji} ${v.value}` : v.value,
  })),
}));

const nameOnly: FormField[] = [{ name: 'name', label: 'Name', required: true }];
const toOptions = (rows: Array<{ id: string; name: string }>): FieldOption[] =>
  rows.map((r) => ({ value: r.id, label: r.name }));
const text = (v: FieldValue | undefined) => (typeof v === 'string' ? v : '');
const id = (v: FieldValue | undefined) => (typeof v === 'string' && v ? v : null);

/** The form's values as an item body: a create sends it all, an edit what changed. */
function toBody(values: FormValues): ItemBody {
  return {
    name: text(values.name),
    note: text(values.note),
    status: (id(values.status) as Status | null) ?? null,
    client_id: id(values.client_id),
    location_id: id(values.location_id),
    component_id: id(values.component_id),
    manifest_id: id(values.manifest_id),
  };
}

/**
 * The item form (create and edit): name, note, type, and client, location, component and
 * manifest dropdowns, each with an inline "Create a …" link. Resolves with the saved
 * item, or undefined when cancelled. The dropdowns' choices are loaded before it opens.
 */
export function useItemForm() {
  const queryClient = useQueryClient();
  const createClient = useCreateClient();
  const createLocation = useCreateLocation();
  const createComponent = useCreateComponent();
  const createManifest = useCreateManifest();
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();

  const inline = (
    label: string,
    create: (name: string) => Promise<{ id: string; name: string }>,
  ): InlineCreate => ({
    label,
    fields: nameOnly,
    submit: async (values) => {
      const made = await create(text(values.name).trim());
      return { value: made.id, label: made.name };
    },
  });

  return async (item?: PublicItem): Promise<Item | undefined> => {
    const [clients, locations, components, manifests] = await Promise.all([
      queryClient.fetchQuery(clientQueries.list()),
      queryClient.fetchQuery(locationQueries.list()),
      queryClient.fetchQuery(componentQueries.list()),
      queryClient.fetchQuery(manifestQueries.list()),
    ]);
    const fields: FormField[] = [
      { name: 'name', label: 'Name' },
      { name: 'note', label: 'Note', type: 'textarea' },
      { name: 'status', label: 'Type', type: 'select', options: STATUS_OPTIONS },
      {
        name: 'client_id',
        label: 'Client',
        type: 'select',
        options: toOptions(clients),
        create: inline('Create a client', (name) => createClient.mutateAsync({ name })),
      },
      {
        name: 'location_id',
        label: 'Location',
        type: 'select',
        options: toOptions(locations),
        create: inline('Create a location', (name) => createLocation.mutateAsync({ name })),
      },
      {
        name: 'component_id',
        label: 'Component',
        type: 'select',
        options: toOptions(components),
        create: inline('Create a component', (name) => createComponent.mutateAsync({ name })),
      },
      {
        name: 'manifest_id',
        label: 'Manifest',
        type: 'select',
        options: toOptions(manifests),
        create: inline('Create a manifest', (name) => createManifest.mutateAsync({ name })),
      },
    ];
    if (!item) {
      return formModal({
        title: 'Create An Item',
        fields,
        submitLabel: 'Create',
        onSubmit: (values) => createItem.mutateAsync(toBody(values)),
      });
    }
    const edit: VersionedEdit<Item, ItemBody> = {
      noun: 'item',
      loaded: item as Item,
      bodyOf: (record) => toBody(initialValuesOf(record)),
      fields: editFields(fields),
      save: (changes, version) => updateItem.mutateAsync({ id: item.id, ...changes, version }),
      onTheirs: () => queryClient.invalidateQueries(),
    };
    return editInForm(edit, {
      title: 'Edit item',
      fields,
      initialValues: initialValuesOf(item),
      toBody,
    });
  };
}

const initialValuesOf = (item: PublicItem): FormValues => ({
  name: item.name ?? '',
  note: item.note ?? '',
  status: item.status,
  client_id: item.client_id,
  location_id: item.location_id,
  component_id: item.component_id,
  manifest_id: item.manifest_id,
});
