import { useState } from 'react';
import { Modal } from '@mantine/core';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { ContinuousScan, type ScanModeContext } from './ContinuousScan.tsx';
import { PackingCounters } from './PackingCounters.tsx';
import classes from './packing.module.css';
import { usePackingScans } from './usePackingScans.ts';

/**
 * Packing mode: a full-screen continuous scanner over one manifest. Every label scanned
 * puts its item on the manifest at once, with a sound, a buzz and the item's name on
 * screen; the counters follow. Open it from a click (see unlockAudio).
 */
export function PackingMode(props: { manifest: Manifest; opened: boolean; onClose: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      fullScreen
      title={`Packing ${props.manifest.name}`}
      classNames={{ content: classes.content, header: classes.header, body: classes.body }}
      transitionProps={{ duration: 0 }}
      // While a "move it here?" question is open, Escape belongs to that question.
      closeOnEscape={!asking}
      closeButtonProps={{ 'aria-label': 'Close packing mode' }}
    >
      <PackingScreen manifest={props.manifest} onClose={props.onClose} onAsking={setAsking} />
    </Modal>
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
