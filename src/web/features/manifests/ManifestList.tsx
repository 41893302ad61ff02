import { useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { SEARCH_MAX_LENGTH } from '../../../common/search.ts';
import { PlainList, QueryList } from '../../components/lists/QueryList.tsx';
import { RecordCard, SearchField } from '../../components/lists/RecordCard.tsx';
import { notePreview } from '../items/preview.ts';
import { manifestQueries } from '../manifests/api.ts';

/** Case- and accent-insensitive, like the server's search. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * A manifest matches when every word of the search is in its name, type, client or note.
 * The list call returns every visible manifest (a studio has dozens, not thousands), so
 * filtering here answers at each keystroke without a request.
 */
export function matchesSearch(manifest: Manifest, q: string): boolean {
  const words = fold(q.slice(0, SEARCH_MAX_LENGTH)).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [manifest.name, manifest.status, manifest.client_name, manifest.note].filter(Boolean).join(' '),
  );
  return words.every((w) => haystack.includes(w));
}

/** The manifests with a search box; each row opens /manifests/{id}. */
export function ManifestList() {
  const [q, setQ] = useState('');
  const list = useQuery(manifestQueries.list());
  const shown = useMemo(() => (list.data ?? []).filter((m) => matchesSearch(m, q)), [list.data, q]);

  return (
    <Stack gap="sm">
      <SearchField value={q} onChange={setQ} placeholder="Name, type, client, note…" />
      <QueryList
        query={list}
        loadingLabel="Loading the manifests"
        errorTitle="The manifests could not be loaded"
        empty="No manifests yet"
      >
        {() => (
          <>
            <Text size="sm" c="gray.7" aria-live="polite" data-testid="manifest-count">
              {shown.length === 1 ? '1 manifest' : `${shown.length} manifests`}
            </Text>
            <PlainList gap="xs">
              {shown.map((manifest) => (
                <li key={manifest.id}>
                  <ManifestRow manifest={manifest} />
                </li>
              ))}
            </PlainList>
          </>
        )}
      </QueryList>
    </Stack>
  );
}

function ManifestRow({ manifest }: { manifest: Manifest }) {
  return (
    <RecordCard
      to={`/manifests/${manifest.id}`}
      title={manifest.name}
      status={manifest.status}
      note={notePreview(manifest.note)}
      testId="manifest-row"
    >
      {manifest.client_name && (
        <Text size="sm" c="gray.7" truncate>
          {manifest.client_name}
        </Text>
      )}
    </RecordCard>
  );
}
