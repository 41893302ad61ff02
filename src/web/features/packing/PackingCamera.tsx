import { useEffect, useRef, useState } from 'react';
import { useElementSize } from '@mantine/hooks';
import { CameraScanner } from '../../lib/scanner/scanner.ts';
import {
  DEFAULT_BOX_SHARE,
  DEFAULT_CAMERA,
  SCAN_FPS,
  SUPPORTED_FORMATS,
} from '../../lib/scanner/options.ts';
import type { ScannerState } from '../../lib/scanner/state.ts';
import classes from './packing.module.css';

export interface PackingCameraProps {
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
export function PackingCamera({ onDecode, onState, onError, scannerRef }: PackingCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { ref: stageRef, width: stageW, height: stageH } = useElementSize();
  const [videoSize, setVideoSize] = useState<{ w: number; h: number } | null>(null);
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
      if (!video || !scanner) return;
      const s = scanner.stats;
      video.dataset.frames = String(s.frames);
      video.dataset.decodeMsAvg = s.frames ? (s.decodeMsTotal / s.frames).toFixed(1) : '';
      video.dataset.decoder = scanner.decoderKind ?? '';
      video.dataset.firstDecodeMs = s.firstDecodeMs === null ? '' : s.firstDecodeMs.toFixed(0);
    }, 500);
    return () => clearInterval(id);
  }, [scannerRef]);

  const frame = fitInside(videoSize, stageW, stageH);
  const box = frame ? Math.round(Math.min(frame.w, frame.h) * DEFAULT_BOX_SHARE) : 0;
  return (
    <div ref={stageRef} className={classes.stage}>
      <video
        ref={videoRef}
        className={classes.video}
        muted
        playsInline
        aria-label="Camera view"
        onLoadedMetadata={(e) => setVideoSize(sizeOf(e.currentTarget))}
        onResize={(e) => setVideoSize(sizeOf(e.currentTarget))}
      />
      {box > 0 && (
        <div className={classes.box} style={{ width: box, height: box }} aria-hidden="true" />
      )}
    </div>
  );
}

function sizeOf(video: HTMLVideoElement) {
  return video.videoWidth > 0 ? { w: video.videoWidth, h: video.videoHeight } : null;
}

/** The largest box of the video's aspect ratio that fits the stage (object-fit: contain). */
function fitInside(video: { w: number; h: number } | null, stageW: number, stageH: number) {
  if (!video || stageW <= 0 || stageH <= 0) return null;
  const scale = Math.min(stageW / video.w, stageH / video.h);
  return { w: Math.floor(video.w * scale), h: Math.floor(video.h * scale) };
}
