import type { Manifest } from '../../../common/schemas/manifest.ts';
import { statusLabel } from '../../../common/status.ts';
import { EntityDetails } from '../../components/EntitySection.tsx';

/** The manifest's type and client (a dash when empty) and its note (... when empty). */
export function ManifestDetails({ manifest }: { manifest: Manifest }) {
  const rows = [
    ['Type', statusLabel(manifest.status) || '-'],
    ['Client', manifest.client_name || '-'],
  ] as const;
  return <EntityDetails rows={rows} note={manifest.note} testId="manifest" />;
}
