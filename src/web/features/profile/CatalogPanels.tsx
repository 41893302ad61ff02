import { useQuery } from '@tanstack/react-query';
import {
  clientQueries,
  useCreateClient,
  useDeleteClient,
  useUpdateClient,
} from '../clients/api.ts';
import {
  locationQueries,
  useCreateLocation,
  useDeleteLocation,
  useUpdateLocation,
} from '../locations/api.ts';
import { NamedListPanel } from './NamedListPanel.tsx';

/** The profile's Clients tab. */
export function ClientsPanel() {
  const list = useQuery(clientQueries.list());
  const create = useCreateClient();
  const update = useUpdateClient();
  const remove = useDeleteClient();
  return (
    <NamedListPanel
      noun="Client"
      list={list}
      create={(name) => create.mutateAsync({ name })}
      rename={(id, name, version) => update.mutateAsync({ id, name, version })}
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}

/** The profile's Locations tab. */
export function LocationsPanel() {
  const list = useQuery(locationQueries.list());
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  return (
    <NamedListPanel
      noun="Location"
      list={list}
      create={(name) => create.mutateAsync({ name })}
      rename={(id, name, version) => update.mutateAsync({ id, name, version })}
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
