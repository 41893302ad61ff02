import { useEffect, useRef } from 'react';
import { CameraScanner } from '../../lib/scanner/scanner.ts';
import { DEFAULT_CAMERA, SCAN_FPS, SUPPORTED_FORMATS } from '../../lib/scanner/options.ts';
import { showScannerStats, useVideoFrame } from '../../lib/scanner/video-frame.ts';
import type { ScannerState } from '../../lib/scanner/state.ts';
import classes from './scan-mode.module.css';

export interface ScanCameraProps {
  /** Every decoded text, many times a second while a code is in view; gate it. */
  onDecode: (text: string) => void;
  onState: (state: ScannerState) => void;
  onError: (message: string) => void;
  /** Receives the running scanner, for pause and resume. */
  scannerRef: React.RefObject<CameraScanner | null>;
}

/**
 * The continuous camera of packing mode, built on the app's CameraScanner: unlike the
 * scanner modal it never stops after a code; it runs until packing mode closes.
 */
export function ScanCamera({ onDecode, onState, onError, scannerRef }: ScanCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { stageRef, box, videoProps } = useVideoFrame();
  const latest = useRef({ onDecode, onState, onError });
  useEffect(() => {
    latest.current = { onDecode, onState, onError };
  });

  useEffect(() => {
    const scanner = new CameraScanner(
      videoRef.current!,
      {
        camera: DEFAULT_CAMERA,
        fps: SCAN_FPS,
        formats: SUPPORTED_FORMATS,
        onDecode: (text) => latest.current.onDecode(text),
      },
      {
        onState: (state) => latest.current.onState(state),
        onError: (error) => latest.current.onError(error.message),
      },
    );
    scannerRef.current = scanner;
    void scanner.start();
    return () => {
      scanner.stop();
      scannerRef.current = null;
    };
  }, [scannerRef]);

  // Decoder timings on the video element, for the browser tests' time-per-scan figures.
  useEffect(() => {
    const id = setInterval(() => {
      const video = videoRef.current;
      const scanner = scannerRef.current;
      if (video && scanner) showScannerStats(video, scanner);
    }, 500);
    return () => clearInterval(id);
  }, [scannerRef]);

  return (
    <div ref={stageRef} className={classes.stage}>
      <video ref={videoRef} className={classes.video} {...videoProps} />
      {box > 0 && (
        <div className={classes.box} style={{ width: box, height: box }} aria-hidden="true" />
      )}
    </div>
  );
}
