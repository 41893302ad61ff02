import { useState, type SyntheticEvent } from 'react';
import { useElementSize } from '@mantine/hooks';
import { DEFAULT_BOX_SHARE } from './options.ts';
import type { CameraScanner } from './scanner.ts';

type Size = { w: number; h: number };

function sizeOf(video: HTMLVideoElement): Size | null {
  return video.videoWidth > 0 ? { w: video.videoWidth, h: video.videoHeight } : null;
}

/** The largest box of the video's aspect ratio that fits the stage (object-fit: contain). */
function fitInside(video: Size | null, stageW: number, stageH: number): Size | null {
  if (!video || stageW <= 0 || stageH <= 0) return null;
  const scale = Math.min(stageW / video.w, stageH / video.h);
  return { w: Math.floor(video.w * scale), h: Math.floor(video.h * scale) };
}

/**
 * Where the camera picture is on screen, for the aiming square drawn over it: the scanner
 * modal and packing mode alike. `stageRef` goes on the element the video fills,
 * `videoProps` on the <video> (muted, inline, named, measured when its size is known or
 * changes); `frame` is the picture's box (null until both are known), `box` the square's
 * side.
 */
export function useVideoFrame() {
  const { ref: stageRef, width, height } = useElementSize();
  const [videoSize, setVideoSize] = useState<Size | null>(null);
  const frame = fitInside(videoSize, width, height);
  const measure = (event: SyntheticEvent<HTMLVideoElement>) =>
    setVideoSize(sizeOf(event.currentTarget));
  return {
    stageRef,
    frame,
    box: frame ? Math.round(Math.min(frame.w, frame.h) * DEFAULT_BOX_SHARE) : 0,
    videoProps: {
      muted: true,
      playsInline: true,
      'aria-label': 'Camera view',
      onLoadedMetadata: measure,
      onResize: measure,
    },
  };
}

/** Decoder timings on the video element, read by the bench script and the browser tests. */
export function showScannerStats(video: HTMLVideoElement, scanner: CameraScanner): void {
  const s = scanner.stats;
  video.dataset.frames = String(s.frames);
  video.dataset.decodeMsAvg = s.frames ? (s.decodeMsTotal / s.frames).toFixed(1) : '';
  video.dataset.decodeMsMax = s.decodeMsMax.toFixed(1);
  video.dataset.firstDecodeMs = s.firstDecodeMs === null ? '' : s.firstDecodeMs.toFixed(0);
  video.dataset.decoder = scanner.decoderKind ?? '';
}
