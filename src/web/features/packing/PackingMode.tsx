import { useRef, useState } from 'react';
import { Alert, Button, Modal, Text } from '@mantine/core';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import type { CameraScanner } from '../../lib/scanner/scanner.ts';
import type { ScannerState } from '../../lib/scanner/state.ts';
import { OfflineBanner } from '../offline/OfflineBanner.tsx';
import { QueueButton } from '../offline/QueueBadge.tsx';
import { useScanSession } from '../offline/scan-session.ts';
import { PackingCamera } from './PackingCamera.tsx';
import { PackingCounters } from './PackingCounters.tsx';
import { ScanResult, type ShownResult } from './ScanResult.tsx';
import { setSoundEnabled, soundEnabled } from './feedback.ts';
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
  const { manifest } = props;
  const scannerRef = useRef<CameraScanner | null>(null);
  const [state, setState] = useState<ScannerState>('not-started');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [sound, setSound] = useState(soundEnabled);
  const [recent, setRecent] = useState<ShownResult[]>([]);
  // The user's own pause; a question pauses the camera too, and must not undo this one.
  const userPaused = useRef(false);
  useScanSession(true);

  const onDecode = usePackingScans({
    manifest,
    sound,
    scannerRef,
    userPaused,
    onAsking: props.onAsking,
    onResult: (result) => setRecent((r) => [result, ...r].slice(0, 4)),
  });

  const togglePause = () => {
    const scanner = scannerRef.current;
    if (!scanner) return;
    if (scanner.state === 'scanning') {
      userPaused.current = true;
      scanner.pause();
    } else if (scanner.state === 'paused') {
      userPaused.current = false;
      scanner.resume();
    }
  };

  const toggleSound = () => {
    setSoundEnabled(!sound);
    setSound(!sound);
  };

  const [last, ...older] = recent;
  return (
    <>
      <PackingCamera
        scannerRef={scannerRef}
        onDecode={onDecode}
        onState={setState}
        onError={setCameraError}
      />
      {cameraError ? (
        <Alert color="red" variant="filled" role="alert" title="Camera">
          {cameraError}
        </Alert>
      ) : last ? (
        <ScanResult result={last} older={older} />
      ) : (
        <Text role="status" aria-live="polite" className={classes.card} bg="dark.6">
          {state === 'scanning'
            ? 'Point the camera at a label. Each one scanned is packed at once.'
            : 'Starting the camera...'}
        </Text>
      )}
      <OfflineBanner />
      <PackingCounters manifestId={manifest.id} />
      <QueueButton size="lg" />
      <div className={classes.actions}>
        <Button
          size="lg"
          variant="default"
          onClick={togglePause}
          disabled={state === 'not-started'}
        >
          {state === 'paused' ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="lg"
          variant={sound ? 'light' : 'default'}
          onClick={toggleSound}
          aria-pressed={sound}
          leftSection={<span aria-hidden="true">{sound ? '🔊' : '🔇'}</span>}
        >
          Sound
        </Button>
        <Button size="lg" onClick={props.onClose} style={{ gridColumn: 'span 2' }} data-autofocus>
          Done packing
        </Button>
      </div>
    </>
  );
}
