import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientEntity } from '../clients/api.ts';
import { componentTypeEntity } from '../component-types/api.ts';
import type { PlannerFilters } from './api.ts';

type Named = Array<{ id: string; name: string }> | undefined;

/** One filter: a named entity or all of them (cleared). */
function EntityFilter({ entities, ...props }: SelectProps & { entities: Named }) {
  return (
    <Select
      {...props}
      data={(entities ?? []).map((e) => ({ value: e.id, label: e.name }))}
      clearable
      searchable
      w={200}
    />
  );
}

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
  /** A filter's value, and its change as the whole filters' change. */
  const bind = (field: 'clientId' | 'componentId') => ({
    value: value[field],
    onChange: (id: string | null) => onChange({ ...value, [field]: id }),
  });
  return (
    <>
      {withClient && (
        <EntityFilter
          label="Client"
          placeholder="All clients"
          entities={clients.data}
          {...bind('clientId')}
        />
      )}
      <EntityFilter
        label="Component type"
        placeholder="All types"
        entities={components.data}
        {...bind('componentId')}
      />
    </>
  );
}
