import { describe, expect, it } from 'vitest';
import {
  canTransition,
  transition,
  ScannerStateError,
  type ScannerAction,
  type ScannerState,
} from './state.ts';
import { checkScanOptions, scanBoxSize, videoConstraints, MIN_BOX_PX } from './options.ts';
import { lastPathSegment, notOurUrlMessage, readScannedCode } from './scanned-url.ts';
import { ScanGate } from './scan-gate.ts';
import { qrMatrix, qrSvgPath } from './qr-matrix.ts';

// Pure logic of the camera scanner (src/web/lib/scanner); the camera itself is covered by
// the browser tests with Chromium's fake camera.

const STATES: ScannerState[] = ['not-started', 'scanning', 'paused'];
const ACTIONS: ScannerAction[] = ['start', 'pause', 'resume', 'stop', 'scanFile'];

describe('scanner state machine', () => {
  // Every (state, action) pair: exactly these are allowed, everything else throws.
  const allowed: Record<string, ScannerState> = {
    'not-started/start': 'scanning',
    'scanning/pause': 'paused',
    'paused/resume': 'scanning',
    'scanning/stop': 'not-started',
    'paused/stop': 'not-started',
    'not-started/scanFile': 'not-started',
  };

  for (const from of STATES) {
    for (const action of ACTIONS) {
      const key = `${from}/${action}`;
      const to = allowed[key];
      if (to) {
        it(`${key} -> ${to}`, () => {
          expect(canTransition(from, action)).toBe(true);
          expect(transition(from, action)).toBe(to);
        });
      } else {
        it(`${key} is refused`, () => {
          expect(canTransition(from, action)).toBe(false);
          expect(() => transition(from, action)).toThrow(ScannerStateError);
        });
      }
    }
  }

  it('never goes from not started straight to paused', () => {
    for (const action of ACTIONS) {
      if (canTransition('not-started', action))
        expect(transition('not-started', action)).not.toBe('paused');
    }
  });

  it('explains a refused move in a sentence', () => {
    expect(() => transition('not-started', 'pause')).toThrow(
      'Cannot pause: the scanner is not scanning.',
    );
    expect(() => transition('scanning', 'scanFile')).toThrow(
      'Cannot scan a file while the camera is running.',
    );
  });
});

describe('scan options', () => {
  const good = {
    camera: { facingMode: 'environment' as const },
    fps: 10,
    formats: ['qr_code'],
    onDecode: () => {},
  };

  it('accepts the product defaults', () => {
    expect(checkScanOptions(good)).toEqual([]);
    expect(checkScanOptions({ ...good, camera: { deviceId: 'abc' }, box: 50 })).toEqual([]);
  });

  it('needs a camera and a success callback', () => {
    expect(checkScanOptions({ ...good, camera: undefined })).toEqual([
      'A camera or camera config is required.',
    ]);
    expect(checkScanOptions({ ...good, onDecode: undefined })).toEqual([
      'A success callback is required.',
    ]);
    expect(checkScanOptions(undefined)).toHaveLength(3);
  });

  it('refuses a box under 50 px', () => {
    expect(checkScanOptions({ ...good, box: 49 })).toEqual([
      'The scan box must be at least 50 px.',
    ]);
    expect(checkScanOptions({ ...good, box: Number.NaN })).toHaveLength(1);
  });

  it('allows one camera key: a facing mode of user or environment, or a device id', () => {
    expect(checkScanOptions({ ...good, camera: { facingMode: 'user' } })).toEqual([]);
    const two = { facingMode: 'user', deviceId: 'x' } as unknown as { facingMode: 'user' };
    expect(checkScanOptions({ ...good, camera: two })).toEqual([
      'The camera config must have exactly one key: facingMode or deviceId.',
    ]);
    const side = { facingMode: 'left' } as unknown as { facingMode: 'user' };
    expect(checkScanOptions({ ...good, camera: side })).toEqual([
      'The facing mode must be user or environment.',
    ]);
    const other = { width: 3 } as unknown as { facingMode: 'user' };
    expect(checkScanOptions({ ...good, camera: other })[0]).toMatch(
      /^Unknown camera config key width/,
    );
  });

  it('needs at least one supported format', () => {
    expect(checkScanOptions({ ...good, formats: [] })).toEqual([
      'At least one supported format is required.',
    ]);
    expect(checkScanOptions({ ...good, formats: ['aztec'] })).toEqual([
      'At least one supported format is required.',
    ]);
  });

  it('prefers the rear camera without demanding it', () => {
    expect(videoConstraints({ facingMode: 'environment' }).facingMode).toEqual({
      ideal: 'environment',
    });
    expect(videoConstraints({ deviceId: 'cam-2' })).toEqual({ deviceId: { exact: 'cam-2' } });
  });

  it('sizes the scan box from the shorter side, never under 50 px nor over the frame', () => {
    expect(scanBoxSize(640, 480)).toBe(384);
    expect(scanBoxSize(480, 640)).toBe(384);
    expect(scanBoxSize(40, 30)).toBe(MIN_BOX_PX);
    expect(scanBoxSize(640, 480, 1000)).toBe(480);
  });
});

describe('scanned codes must point at our origin', () => {
  const origins = { pageOrigin: 'http://127.0.0.1:4000', publicUrl: 'https://yard.example.com' };

  it('accepts the page origin and PUBLIC_URL, and keeps path, query and hash', () => {
    const a = readScannedCode('https://yard.example.com/scan/ABCD1234EFGH', origins);
    expect(a).toMatchObject({ ok: true, path: '/scan/ABCD1234EFGH' });
    const b = readScannedCode(' http://127.0.0.1:4000/items/x1?tab=2#top ', origins);
    expect(b).toMatchObject({ ok: true, path: '/items/x1?tab=2#top' });
  });

  it('refuses other origins, other schemes and plain text', () => {
    for (const text of [
      'https://evil.example.com/scan/ABCD1234EFGH',
      'http://yard.example.com/scan/ABCD1234EFGH',
      'https://yard.example.com.evil.net/scan/X',
      'ABCD1234EFGH',
      'javascript:alert(1)',
    ]) {
      expect(readScannedCode(text, origins).ok).toBe(false);
    }
  });

  it('still accepts the page origin when PUBLIC_URL is missing or broken', () => {
    expect(
      readScannedCode('http://127.0.0.1:4000/', {
        pageOrigin: origins.pageOrigin,
        publicUrl: 'nope',
      }).ok,
    ).toBe(true);
  });

  it('words the refusal with the product name', () => {
    expect(notOurUrlMessage('Yardkeep')).toBe('Not a Yardkeep URL');
  });

  it('takes the label id from the last path segment', () => {
    expect(lastPathSegment('https://yard.example.com/scan/ABCD1234EFGH')).toBe('ABCD1234EFGH');
    expect(lastPathSegment('https://yard.example.com/scan/ABCD1234EFGH/?x=1#y')).toBe(
      'ABCD1234EFGH',
    );
    expect(lastPathSegment('/scan/ab%20cd')).toBe('ab cd');
    expect(lastPathSegment('ABCD-1234-EFGH')).toBe('ABCD-1234-EFGH');
    expect(lastPathSegment('')).toBe('');
  });
});

describe('re-scan lock and handled paths', () => {
  it('locks for 500 ms after a code and never lets a handled path through twice', () => {
    let now = 1000;
    const gate = new ScanGate(() => now);
    expect(gate.admit('/scan/A')).toBe(true);
    now += 499;
    expect(gate.admit('/scan/B')).toBe(false);
    now += 1;
    expect(gate.admit('/scan/A')).toBe(false);
    expect(gate.admit('/scan/B')).toBe(true);
    now += 10_000;
    expect(gate.admit('/scan/B')).toBe(false);
    gate.forget('/scan/B');
    expect(gate.admit('/scan/B')).toBe(true);
  });
});

describe('QR matrices', () => {
  it('covers exactly the dark modules with runs', () => {
    const m = qrMatrix('https://yard.example.com/scan/ABCD1234EFGH');
    // qrcode mixes segment modes, so a 44-character link fits version 3 (29 modules).
    expect(m.size).toBe(29);
    // Row 0 starts with the top-left finder pattern: 7 dark modules.
    expect(m.runs[0]).toEqual([0, 0, 7]);
    for (const [row, col, len] of m.runs) {
      expect(row).toBeLessThan(m.size);
      expect(col + len).toBeLessThanOrEqual(m.size);
    }
    expect(qrSvgPath(m).startsWith('M4 4h7v1h-7z')).toBe(true);
  });
});
