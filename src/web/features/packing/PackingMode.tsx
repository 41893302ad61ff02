import { useState } from 'react';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { ContinuousScan, type ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import { PackingCounters } from './PackingCounters.tsx';
import { ScanModeModal } from '../scan-mode/ScanModeModal.tsx';
import { usePackingScans } from './usePackingScans.ts';

/**
 * Packing mode: a full-screen continuous scanner over one manifest. Every label scanned
 * puts its item on the manifest at once, with a sound, a buzz and the item's name on
 * screen; the counters follow. Open it from a click (see unlockAudio).
 */
export function PackingMode(props: { manifest: Manifest; opened: boolean; onClose: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <ScanModeModal
      opened={props.opened}
      onClose={props.onClose}
      title={`Packing ${props.manifest.name}`}
      closeLabel="Close packing mode"
      closeOnEscape={!asking}
    >
      <PackingScreen manifest={props.manifest} onClose={props.onClose} onAsking={setAsking} />
    </ScanModeModal>
  );
}

function PackingScreen(props: {
  manifest: Manifest;
  onClose: () => void;
  onAsking: (asking: boolean) => void;
}) {
  const { manifest, onAsking } = props;
  const useScans = (context: ScanModeContext) =>
    usePackingScans({ ...context, manifest, onAsking });
  return (
    <ContinuousScan
      useScans={useScans}
      idle="Point the camera at a label. Each one scanned is packed at once."
      doneLabel="Done packing"
      onDone={props.onClose}
      counters={<PackingCounters manifestId={manifest.id} />}
    />
  );
}
