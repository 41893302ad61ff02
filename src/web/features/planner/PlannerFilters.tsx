import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientEntity } from '../clients/api.ts';
import { componentTypeEntity } from '../component-types/api.ts';
import type { PlannerFilters } from './api.ts';

const options = (list: Array<{ id: string; name: string }> | undefined) =>
  (list ?? []).map((e) => ({ value: e.id, label: e.name }));

/**
 * Client and component type filters. Client users have no client filter: the server shows
 * them their own client's jobs only.
 */
export function PlannerFilterFields({
  value,
  onChange,
  withClient,
}: {
  value: PlannerFilters;
  onChange: (value: PlannerFilters) => void;
  withClient: boolean;
}) {
  const clients = useQuery({ ...clientEntity.queries.list(), enabled: withClient });
  const components = useQuery(componentTypeEntity.queries.list());
  return (
    <>
      {withClient && (
        <Select
          label="Client"
          placeholder="All clients"
          data={options(clients.data)}
          value={value.clientId}
          onChange={(clientId) => onChange({ ...value, clientId })}
          clearable
          searchable
          w={200}
        />
      )}
      <Select
        label="Component type"
        placeholder="All types"
        data={options(components.data)}
        value={value.componentId}
        onChange={(componentId) => onChange({ ...value, componentId })}
        clearable
        searchable
        w={200}
      />
    </>
  );
}
