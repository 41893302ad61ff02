import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { componentTypeEntity } from './api.ts';

/** "Component type": a choice of the component types, searchable, loaded by itself. */
export function ComponentTypeSelect(props: Omit<SelectProps, 'data' | 'label' | 'searchable'>) {
  const components = useQuery(componentTypeEntity.queries.list());
  return (
    <Select
      label="Component type"
      data={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      searchable
      {...props}
    />
  );
}
