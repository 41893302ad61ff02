import { useState, type FormEvent } from 'react';
import { Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemsApi } from '../../../common/api/items.ts';
import { SubmitFooter } from '../../components/SubmitFooter.tsx';
import { callApi } from '../../lib/api.ts';
import { itemQueries } from '../items/api.ts';

/** The picker shows the best few; typing more narrows them. */
const PICKER_LIMIT = 20;

/**
 * The first matches for a search, as the server ranked them. Under the items' key, so any
 * item write refreshes it; kept here, not in items/api.ts, to stay off the item page's
 * first load.
 */
const pickerQuery = (q: string) =>
  queryOptions({
    queryKey: [...itemQueries.all(), 'picker', q.trim()] as const,
    queryFn: async () => {
      const answer = await callApi(itemsApi.list, {
        query: { q: q.trim() || undefined, limit: PICKER_LIMIT },
      });
      return Array.isArray(answer) ? answer : answer.items;
    },
  });

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
  const results = useQuery({ ...pickerQuery(debounced), placeholderData: keepPreviousData });
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
        <SubmitFooter errors={errors} busy={busy} label="Attach label" />
      </Stack>
    </form>
  );
}
