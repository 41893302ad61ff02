import { useMemo, useState } from 'react';
import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { SEARCH_MAX_LENGTH } from '../../../common/search.ts';
import { statusLabel } from '../../../common/status.ts';
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
      <TextInput
        type="search"
        label="Search"
        placeholder="Name, type, client, note…"
        value={q}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the manifests" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" title="The manifests could not be loaded">
          {list.error.message}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="gray.7">No manifests yet</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite" data-testid="manifest-count">
            {shown.length === 1 ? '1 manifest' : `${shown.length} manifests`}
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {shown.map((manifest) => (
              <li key={manifest.id}>
                <ManifestRow manifest={manifest} />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function ManifestRow({ manifest }: { manifest: Manifest }) {
  const note = notePreview(manifest.note);
  return (
    <Paper
      component={Link}
      to={`/manifests/${manifest.id}`}
      withBorder
      p="sm"
      radius="md"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
      data-testid="manifest-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {manifest.name}
        </Text>
        {manifest.status && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {statusLabel(manifest.status)}
          </Badge>
        )}
      </Group>
      {manifest.client_name && (
        <Text size="sm" c="gray.7" truncate>
          {manifest.client_name}
        </Text>
      )}
      {note && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
