import { useQueryClient } from '@tanstack/react-query';
import type { Item, PublicItem } from '../../../common/schemas/item.ts';
import type { Status } from '../../../common/status.ts';
import { STATUS_OPTIONS } from './status-options.ts';
import { itemsApi } from '../../../common/api/items.ts';
import { PACKAGE_TYPES } from '../../../common/round-trip.ts';
import { callApi } from '../../lib/api.ts';
import { openForm } from '../../components/forms/index.ts';
import type { SelectOption, SelectOptions } from '../../components/forms/fields.tsx';
import { clientEntity } from '../clients/api.ts';
import { componentTypeEntity } from '../component-types/api.ts';
import { locationEntity } from '../locations/api.ts';
import { manifestQueries, useCreateManifest } from '../manifests/api.ts';
import {
  editFields,
  editInForm,
  type FirstSave,
  type VersionedEdit,
} from '../../components/forms/versioned-edit.ts';
import { useCreateItem, useUpdateItem } from './api.ts';
import type { ItemFormBody, ItemFormProps, ItemFormValues } from './Item.form.tsx';

export { STATUS_OPTIONS };

const toOptions = (rows: Array<{ id: string; name: string }>): SelectOption[] =>
  rows.map((r) => ({ value: r.id, label: r.name }));

const CONDITION_LABELS: SelectOption[] = [
  { value: 'ok', label: 'OK' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'missing', label: 'Missing' },
];

const CONTAINER_SEARCH_LIMIT = 20;

/** Items as container choices: never the item itself (it cannot hold itself). */
const containerOptions = (
  rows: Array<{ id: string; name: string | null }>,
  self: string | undefined,
): SelectOption[] =>
  rows.filter((r) => r.id !== self).map((r) => ({ value: r.id, label: r.name?.trim() || r.id }));

async function findItems(query: { q?: string; status?: Status[]; limit: number }) {
  const answer = await callApi(itemsApi.list, { query });
  return Array.isArray(answer) ? answer : answer.items;
}

/**
 * The container choices (docs/decisions.md, "Round trip screens"): pallets, crates and
 * racks first, then the item's current container, then any other item found by typing.
 */
async function containerChoices(item: PublicItem | undefined) {
  const packages = containerOptions(
    await findItems({ status: [...PACKAGE_TYPES], limit: 100 }),
    item?.id,
  );
  const options: SelectOptions = [{ group: 'Pallets, crates, racks', items: packages }];
  if (item?.container_id && !packages.some((p) => p.value === item.container_id)) {
    options.push({
      group: 'Now inside',
      items: [
        { value: item.container_id, label: item.container_name?.trim() || item.container_id },
      ],
    });
  }
  const search = async (q: string) =>
    containerOptions(await findItems({ q, limit: CONTAINER_SEARCH_LIMIT }), item?.id);
  return { options, search };
}

/** The form's starting values: an item's, or a new item's (condition OK). */
const valuesOf = (item: PublicItem | undefined): ItemFormValues => ({
  name: item?.name ?? '',
  note: item?.note ?? '',
  status: item?.status ?? null,
  client_id: item?.client_id ?? null,
  location_id: item?.location_id ?? null,
  component_id: item?.component_id ?? null,
  manifest_id: item?.manifest_id ?? null,
  container_id: item?.container_id ?? null,
  condition: item?.condition ?? 'ok',
  condition_note: item?.condition_note ?? '',
});

/** A record's editable fields as the form's body has them (blank is null). */
const bodyOf = (item: PublicItem): ItemFormBody => ({
  name: item.name?.trim() ? item.name.trim() : null,
  note: item.note || null,
  status: item.status,
  client_id: item.client_id,
  location_id: item.location_id,
  component_id: item.component_id,
  manifest_id: item.manifest_id,
  container_id: item.container_id,
  condition: item.condition,
  condition_note: item.condition_note || null,
});

type ItemFormOptions = Omit<ItemFormProps<unknown>, 'close' | 'save' | 'initial' | 'submitLabel'>;

/**
 * The item form (create and edit), with the dropdowns' choices loaded before it opens.
 * Resolves with the saved item, or undefined when cancelled or unchanged.
 */
export function useItemForm() {
  const queryClient = useQueryClient();
  const createClient = clientEntity.useCreate();
  const createLocation = locationEntity.useCreate();
  const createComponent = componentTypeEntity.useCreate();
  const createManifest = useCreateManifest();
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();

  return async (item?: PublicItem): Promise<Item | undefined> => {
    const [clients, locations, components, manifests, container] = await Promise.all([
      queryClient.fetchQuery(clientEntity.queries.list()),
      queryClient.fetchQuery(locationEntity.queries.list()),
      queryClient.fetchQuery(componentTypeEntity.queries.list()),
      queryClient.fetchQuery(manifestQueries.list()),
      containerChoices(item),
    ]);
    const choices: ItemFormOptions = {
      status: STATUS_OPTIONS,
      client: {
        options: toOptions(clients),
        create: { label: 'Create a client', create: (name) => createClient.mutateAsync({ name }) },
      },
      location: {
        options: toOptions(locations),
        create: {
          label: 'Create a location',
          create: (name) => createLocation.mutateAsync({ name }),
        },
      },
      component: {
        options: toOptions(components),
        create: {
          label: 'Create a component',
          create: (name) => createComponent.mutateAsync({ name }),
        },
      },
      manifest: {
        options: toOptions(manifests),
        create: {
          label: 'Create a manifest',
          create: (name) => createManifest.mutateAsync({ name }),
        },
      },
      container,
    };
    const load = () => import('./Item.form.tsx');
    if (!item) {
      return openForm(
        load,
        {
          ...choices,
          initial: valuesOf(undefined),
          submitLabel: 'Create',
          save: (body: ItemFormBody) => createItem.mutateAsync(body),
        },
        { title: 'Create An Item' },
      ) as Promise<Item | undefined>;
    }
    const edit: VersionedEdit<Item, ItemFormBody> = {
      noun: 'item',
      loaded: item as Item,
      bodyOf,
      fields: editFields([
        { name: 'name', label: 'Name' },
        { name: 'note', label: 'Note' },
        { name: 'status', label: 'Type', options: STATUS_OPTIONS },
        { name: 'client_id', label: 'Client', options: choices.client.options },
        { name: 'location_id', label: 'Location', options: choices.location.options },
        { name: 'component_id', label: 'Component', options: choices.component.options },
        { name: 'manifest_id', label: 'Manifest', options: choices.manifest.options },
        { name: 'container_id', label: 'Inside', options: container.options },
        { name: 'condition', label: 'Condition', options: CONDITION_LABELS },
        { name: 'condition_note', label: 'Condition note' },
      ]),
      save: (changes, version) => updateItem.mutateAsync({ id: item.id, ...changes, version }),
      onTheirs: () => queryClient.invalidateQueries(),
    };
    return editInForm(
      edit,
      (save) =>
        openForm(
          load,
          { ...choices, initial: valuesOf(item), submitLabel: 'Save', save },
          { title: 'Edit item' },
        ) as Promise<FirstSave<Item> | undefined>,
    );
  };
}
