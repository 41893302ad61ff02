import { useQuery } from '@tanstack/react-query';
import { clientEntity } from '../clients/api.ts';
import { locationEntity } from '../locations/api.ts';
import type { NamedEntity } from '../../lib/named-entity-api.ts';
import { NamedListPanel } from './NamedListPanel.tsx';

/** A profile tab over one named catalog: its list and its create, rename and delete. */
function catalogPanel<K extends string>(noun: string, api: NamedEntity<K>) {
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
export const ClientsPanel = catalogPanel('Client', clientEntity);

/** The profile's Locations tab. */
export const LocationsPanel = catalogPanel('Location', locationEntity);
