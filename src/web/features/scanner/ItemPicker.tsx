import { useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { itemsApi } from '../../../common/api/items.ts';
import { FormErrors } from '../../components/FormErrors.tsx';
import { callApi } from '../../lib/api.ts';
import { itemQueries } from '../items/api.ts';

const PICKER_LIMIT = 20;

/**
 * A searchable picker over the items (the server ranks them with the app's one search),
 * then a button to attach. `onPick` does the attaching; its error is listed under the form.
 */
export function ItemPicker({
  onPick,
  busy,
}: {
  onPick: (itemId: string) => Promise<void>;
  busy: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [itemId, setItemId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const results = useQuery({
    queryKey: [...itemQueries.all(), 'picker', debounced.trim()] as const,
    queryFn: async () => {
      const answer = await callApi(itemsApi.list, {
        query: { q: debounced.trim() || undefined, limit: PICKER_LIMIT },
      });
      return Array.isArray(answer) ? answer : answer.items;
    },
    placeholderData: keepPreviousData,
  });
  const options = (results.data ?? []).map((item) => ({
    value: item.id,
    label: item.name || item.id,
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!itemId) {
      setErrors(['Item is required']);
      return;
    }
    setErrors([]);
    try {
      await onPick(itemId);
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label="Item"
          placeholder="Search items"
          searchable
          data={options}
          value={itemId}
          onChange={setItemId}
          searchValue={search}
          onSearchChange={setSearch}
          // The server already searched and ranked: show its answer as it is.
          filter={({ options: all }) => all}
          nothingFoundMessage={results.isFetching ? 'Searching...' : 'No items found'}
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
          required
          data-autofocus
        />
        <FormErrors errors={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Attach label
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
