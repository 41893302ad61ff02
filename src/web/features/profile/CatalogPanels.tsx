import { useQuery } from '@tanstack/react-query';
import * as clients from '../clients/api.ts';
import * as locations from '../locations/api.ts';
import type { NamedMutations, NamedQueries } from '../../lib/named-entity-api.ts';
import { NamedListPanel } from './NamedListPanel.tsx';

/** A profile tab over one named catalog: its list and its create, rename and delete. */
function catalogPanel<K extends string>(
  noun: string,
  api: {
    queries: NamedQueries<K>;
    useCreate: NamedMutations['useCreate'];
    useUpdate: NamedMutations['useUpdate'];
    useDelete: NamedMutations['useDelete'];
  },
) {
  return function CatalogPanel() {
    const list = useQuery(api.queries.list());
    const create = api.useCreate();
    const update = api.useUpdate();
    const remove = api.useDelete();
    return (
      <NamedListPanel
        noun={noun}
        list={list}
        create={(name) => create.mutateAsync({ name })}
        rename={(id, name, version) => update.mutateAsync({ id, name, version })}
        remove={(id) => remove.mutateAsync(id)}
      />
    );
  };
}

/** The profile's Clients tab. */
export const ClientsPanel = catalogPanel('Client', {
  queries: clients.clientQueries,
  useCreate: clients.useCreateClient,
  useUpdate: clients.useUpdateClient,
  useDelete: clients.useDeleteClient,
});

/** The profile's Locations tab. */
export const LocationsPanel = catalogPanel('Location', {
  queries: locations.locationQueries,
  useCreate: locations.useCreateLocation,
  useUpdate: locations.useUpdateLocation,
  useDelete: locations.useDeleteLocation,
});
