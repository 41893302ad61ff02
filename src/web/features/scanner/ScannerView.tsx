import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileButton, Text } from '@mantine/core';
import { CameraScanner } from '../../lib/scanner/scanner.ts';
import { DEFAULT_CAMERA, SCAN_FPS, SUPPORTED_FORMATS } from '../../lib/scanner/options.ts';
import { ScanGate } from '../../lib/scanner/scan-gate.ts';
import {
  notOurUrlMessage,
  readScannedCode,
  type ScannedCode,
} from '../../lib/scanner/scanned-url.ts';
import type { ScannerState } from '../../lib/scanner/state.ts';
import { showScannerStats, useVideoFrame } from '../../lib/scanner/video-frame.ts';
import { useScanSession } from '../offline/scan-session.ts';
import { usePublicConfig } from './api.ts';
import classes from './scanner.module.css';

export type AcceptedCode = Extract<ScannedCode, { ok: true }>;

export interface ScannerViewProps {
  /** Extra check of a code of our origin: true to take it, or a message to show instead. */
  accept?: (code: AcceptedCode) => true | string;
  /** Called once: with the accepted code, or undefined when the user stopped scanning. */
  onDone: (code: AcceptedCode | undefined) => void;
}

/**
 * Live video, the scan box and STOP SCANNING (spec "Scanner modal"). The first code that
 * points at our own origin (and passes `accept`) ends the scan; a code of another origin
 * shows "Not a {product} URL" and scanning goes on, so the user can aim at the right label.
 */
export function ScannerView({ accept, onDone }: ScannerViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<CameraScanner | null>(null);
  const { stageRef, frame, box, videoProps } = useVideoFrame();
  const [state, setState] = useState<ScannerState>('not-started');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { productName, publicUrl } = usePublicConfig();
  // An update offer waits until the scanner is closed.
  useScanSession(true);

  // The decode callback lives for the whole session; it reads the latest props from here.
  const latest = useRef({ accept, onDone, productName, publicUrl });
  useEffect(() => {
    latest.current = { accept, onDone, productName, publicUrl };
  });

  // Takes a decoded text; true when it ended the scan. Set by the session effect below.
  const handleRef = useRef<(text: string) => boolean>(() => false);

  useEffect(() => {
    const video = videoRef.current!;
    const gate = new ScanGate();
    let finished = false;
    const handle = (text: string): boolean => {
      if (finished) return false;
      const { accept: check, onDone: done, productName: product, publicUrl: url } = latest.current;
      const code = readScannedCode(text, { pageOrigin: window.location.origin, publicUrl: url });
      if (!code.ok) {
        setMessage(notOurUrlMessage(product));
        return false;
      }
      const verdict = check ? check(code) : true;
      if (verdict !== true) {
        setMessage(verdict);
        return false;
      }
      if (!gate.admit(code.path)) return false;
      finished = true;
      scanner.stop();
      done(code);
      return true;
    };
    handleRef.current = handle;
    const scanner = new CameraScanner(
      video,
      { camera: DEFAULT_CAMERA, fps: SCAN_FPS, formats: SUPPORTED_FORMATS, onDecode: handle },
      {
        onState: setState,
        onError: (error) => setCameraError(error.message),
      },
    );
    scannerRef.current = scanner;
    void scanner.start();
    // Closing the modal any way at all (Escape included) turns the camera off.
    return () => scanner.stop();
  }, []);

  // The bench script and the browser tests read the timings from here.
  useEffect(() => {
    const video = videoRef.current;
    const scanner = scannerRef.current;
    if (!video || !scanner) return;
    const id = setInterval(() => showScannerStats(video, scanner), 250);
    return () => clearInterval(id);
  }, []);

  // Without a usable camera, a photo of the label still works (the camera is off then,
  // which is the only state the scanner reads files in).
  const scanPhoto = async (file: File | null) => {
    const scanner = scannerRef.current;
    if (!file || !scanner) return;
    setMessage(null);
    try {
      const texts = await scanner.scanFile(file);
      if (texts.length === 0) setMessage('No QR code found in that photo.');
      for (const text of texts) if (handleRef.current(text)) return;
    } catch (error) {
      console.error(error);
      setMessage('That photo could not be read.');
    }
  };

  const stop = () => {
    scannerRef.current?.stop();
    onDone(undefined);
  };

  return (
    <>
      <div ref={stageRef} className={classes.stage}>
        <div
          className={classes.frame}
          style={frame ? { width: frame.w, height: frame.h } : { width: '100%', height: '100%' }}
        >
          <video ref={videoRef} className={classes.video} data-state={state} {...videoProps} />
          {frame && state !== 'not-started' && (
            <div className={classes.box} style={{ width: box, height: box }} aria-hidden="true" />
          )}
        </div>
      </div>
      {cameraError && (
        <>
          <Alert color="red.9" variant="filled" role="alert" title="Camera">
            {cameraError}
          </Alert>
          <FileButton onChange={(file) => void scanPhoto(file)} accept="image/*">
            {(props) => (
              <Button {...props} variant="white" color="dark">
                Scan a photo instead
              </Button>
            )}
          </FileButton>
        </>
      )}
      {(!cameraError || message) && (
        <Text className={classes.status} role="status" aria-live="polite" fw={message ? 700 : 400}>
          {message ??
            (state === 'scanning' ? 'Point the camera at a QR label.' : 'Starting the camera...')}
        </Text>
      )}
      <Button size="lg" fullWidth color="red.9" onClick={stop} data-autofocus>
        STOP SCANNING
      </Button>
    </>
  );
}
