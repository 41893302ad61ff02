import { useQuery } from '@tanstack/react-query';
import { manifestQueries } from '../manifests/api.ts';

/** The manifest page's crumb: its name, from the same query the page reads. */
export function ManifestCrumb({ manifestId }: { manifestId: string }) {
  const manifest = useQuery({ ...manifestQueries.detail(manifestId), retry: false });
  return <>{manifest.data?.name ?? (manifest.isError ? 'Manifest' : '…')}</>;
}
