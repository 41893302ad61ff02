import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import type { CameraScanner } from '../../lib/scanner/scanner.ts';
import type { ScannerState } from '../../lib/scanner/state.ts';
import { OfflineBanner } from '../offline/OfflineBanner.tsx';
import { QueueButton } from '../offline/QueueBadge.tsx';
import { useScanSession } from '../offline/scan-session.ts';
import { ScanCamera } from './ScanCamera.tsx';
import { ScanResult, type ShownResult } from './ScanResult.tsx';
import { setSoundEnabled, soundEnabled } from './feedback.ts';
import classes from './scan-mode.module.css';

/** What a scan mode's decode handler is given by the screen it runs in. */
export interface ScanModeContext {
  sound: boolean;
  scannerRef: RefObject<CameraScanner | null>;
  userPaused: RefObject<boolean>;
  onResult: (result: ShownResult) => void;
}

/**
 * The screen every continuous scan mode shares (packing, return, fill a container): the
 * camera, the last result in large type, the mode's own controls and counters, the offline
 * banner and queue, and Pause / Sound / Done. `useScans` is the mode's decode hook.
 */
export function ContinuousScan(props: {
  useScans: (context: ScanModeContext) => (text: string) => void;
  /** What the card says before the first scan. */
  idle: string;
  doneLabel: string;
  onDone: () => void;
  /** Above the camera: the mode's settings (where things go back, damaged). */
  controls?: ReactNode;
  counters?: ReactNode;
}) {
  const scannerRef = useRef<CameraScanner | null>(null);
  const [state, setState] = useState<ScannerState>('not-started');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [sound, setSound] = useState(soundEnabled);
  const [recent, setRecent] = useState<ShownResult[]>([]);
  // The user's own pause; a question pauses the camera too, and must not undo this one.
  const userPaused = useRef(false);
  useScanSession(true);

  const onDecode = props.useScans({
    sound,
    scannerRef,
    userPaused,
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
      {props.controls}
      <ScanCamera
        scannerRef={scannerRef}
        onDecode={onDecode}
        onState={setState}
        onError={setCameraError}
      />
      {cameraError ? (
        // Red 9 as in the header scanner: white on the default red is 3.8:1, under AA.
        <Alert color="red.9" variant="filled" role="alert" title="Camera">
          {cameraError}
        </Alert>
      ) : last ? (
        <ScanResult result={last} older={older} />
      ) : (
        <Text role="status" aria-live="polite" className={classes.card} bg="dark.6">
          {state === 'scanning' ? props.idle : 'Starting the camera...'}
        </Text>
      )}
      <OfflineBanner />
      {props.counters}
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
        <Button size="lg" onClick={props.onDone} style={{ gridColumn: 'span 2' }} data-autofocus>
          {props.doneLabel}
        </Button>
      </div>
    </>
  );
}
