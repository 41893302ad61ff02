import { useQueryClient } from '@tanstack/react-query';
import type { Item, PublicItem } from '../../../common/schemas/item.ts';
import { STATUS_GROUPS, type Status } from '../../../common/status.ts';
import { itemsApi } from '../../../common/api/items.ts';
import { PACKAGE_TYPES, type Condition } from '../../../common/round-trip.ts';
import { callApi } from '../../lib/api.ts';
import {
  formModal,
  type FieldOption,
  type FieldOptionGroup,
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
    container_id: id(values.container_id),
    condition: (id(values.condition) as Condition | null) ?? 'ok',
    condition_note: text(values.condition_note),
  };
}

const CONDITION_OPTIONS: FieldOption[] = [
  { value: 'ok', label: 'OK' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'missing', label: 'Missing' },
];

const CONTAINER_SEARCH_LIMIT = 20;

/** Items as container choices: never the item itself (it cannot hold itself). */
const containerOptions = (
  rows: Array<{ id: string; name: string | null }>,
  self: string | undefined,
): FieldOption[] =>
  rows.filter((r) => r.id !== self).map((r) => ({ value: r.id, label: r.name?.trim() || r.id }));

async function findItems(query: { q?: string; status?: Status[]; limit: number }) {
  const answer = await callApi(itemsApi.list, { query });
  return Array.isArray(answer) ? answer : answer.items;
}

/**
 * The container choices (docs/decisions.md, "Round trip screens"): pallets, crates and
 * racks first, then the item's current container, then any other item found by typing.
 */
async function containerField(item: PublicItem | undefined): Promise<FormField> {
  const packages = containerOptions(
    await findItems({ status: [...PACKAGE_TYPES], limit: 100 }),
    item?.id,
  );
  const options: Array<FieldOption | FieldOptionGroup> = [
    { group: 'Pallets, crates, racks', items: packages },
  ];
  if (item?.container_id && !packages.some((p) => p.value === item.container_id)) {
    options.push({
      group: 'Now inside',
      items: [
        { value: item.container_id, label: item.container_name?.trim() || item.container_id },
      ],
    });
  }
  return {
    name: 'container_id',
    label: 'Inside',
    type: 'select',
    placeholder: 'Not inside another item',
    description: 'The crate, pallet or rack it is packed in. Type to find any other item.',
    options,
    search: async (q) =>
      containerOptions(await findItems({ q, limit: CONTAINER_SEARCH_LIMIT }), item?.id),
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
    const [clients, locations, components, manifests, container] = await Promise.all([
      queryClient.fetchQuery(clientQueries.list()),
      queryClient.fetchQuery(locationQueries.list()),
      queryClient.fetchQuery(componentQueries.list()),
      queryClient.fetchQuery(manifestQueries.list()),
      containerField(item),
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
      container,
      {
        name: 'condition',
        label: 'Condition',
        type: 'select',
        required: true,
        options: CONDITION_OPTIONS,
      },
      {
        name: 'condition_note',
        label: 'Condition note',
        type: 'textarea',
        description: 'What is wrong with it, when damaged.',
      },
    ];
    if (!item) {
      return formModal({
        title: 'Create An Item',
        fields,
        submitLabel: 'Create',
        initialValues: { condition: 'ok' },
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
  container_id: item.container_id,
  condition: item.condition,
  condition_note: item.condition_note ?? '',
});
