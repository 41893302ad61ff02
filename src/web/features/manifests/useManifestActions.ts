import { useNavigate } from 'react-router';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { confirm, guarded } from '../../components/dialogs/index.ts';
import { useDeleteManifest } from '../manifests/api.ts';
import { useDuplicateForm, useManifestForm } from './useManifestForm.ts';

/** Edit, duplicate and delete of the manifest page, each with its dialog. */
export function useManifestActions(manifest: Manifest | undefined) {
  const openForm = useManifestForm();
  const openDuplicate = useDuplicateForm();
  const deleteManifest = useDeleteManifest();
  const navigate = useNavigate();

  return {
    edit: () => {
      if (manifest) void guarded(() => openForm(manifest));
    },
    duplicate: async () => {
      if (!manifest) return;
      const copy = await guarded(() => openDuplicate(manifest));
      if (copy) navigate(`/manifests/${copy.id}`);
    },
    remove: async () => {
      if (!manifest) return;
      const yes = await confirm({
        warning: `This will delete ${manifest.name}`,
        yesLabel: 'Delete',
      });
      if (!yes) return;
      const done = await guarded(() => deleteManifest.mutateAsync(manifest.id));
      if (done) navigate('/manifests');
    },
  };
}
