import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientEntity } from '../clients/api.ts';
import { ComponentTypeSelect } from '../component-types/ComponentTypeSelect.tsx';
import type { PlannerFilters } from './api.ts';

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
  return (
    <>
      {withClient && (
        <Select
          label="Client"
          placeholder="All clients"
          data={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={value.clientId}
          onChange={(clientId) => onChange({ ...value, clientId })}
          clearable
          searchable
          w={200}
        />
      )}
      <ComponentTypeSelect
        placeholder="All types"
        value={value.componentId}
        onChange={(componentId) => onChange({ ...value, componentId })}
        clearable
        w={200}
      />
    </>
  );
}
