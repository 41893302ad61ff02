import { Button, Group, Stack } from '@mantine/core';
import { NamedList, type NamedListProps } from '../../components/lists/NamedList.tsx';
import { openNameForm } from '../../components/forms/index.ts';

interface Named {
  id: string;
  name: string;
  version: number;
}

export interface NamedListPanelProps<T extends Named> extends Omit<
  NamedListProps<T>,
  'canEdit' | 'rowTestId'
> {
  create: (name: string) => Promise<unknown>;
}

/** The Clients and Locations tabs: a create button above the names. */
export function NamedListPanel<T extends Named>({ create, ...list }: NamedListPanelProps<T>) {
  const onCreate = () =>
    openNameForm({ title: `Create a ${list.noun}`, submitLabel: 'Create', save: create });

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => void onCreate()}>Create a {list.noun}</Button>
      </Group>
      <NamedList canEdit {...list} />
    </Stack>
  );
}
