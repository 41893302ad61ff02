/**
 * The camera scanner's states and the only moves between them. Kept free of DOM code so the rules are unit-tested on their own.
 *
 *   not-started --start--> scanning --pause--> paused --resume--> scanning
 *   scanning | paused --stop--> not-started
 *   not-started --scanFile--> not-started   (a still image, only while the camera is off)
 */
export type ScannerState = 'not-started' | 'scanning' | 'paused';
export type ScannerAction = 'start' | 'pause' | 'resume' | 'stop' | 'scanFile';

const TRANSITIONS: Record<ScannerAction, Partial<Record<ScannerState, ScannerState>>> = {
  start: { 'not-started': 'scanning' },
  pause: { scanning: 'paused' },
  resume: { paused: 'scanning' },
  stop: { scanning: 'not-started', paused: 'not-started' },
  scanFile: { 'not-started': 'not-started' },
};

const WHY: Record<ScannerAction, string> = {
  start: 'Cannot start: the scanner is already running.',
  pause: 'Cannot pause: the scanner is not scanning.',
  resume: 'Cannot resume: the scanner is not paused.',
  stop: 'Cannot stop: the scanner is not running.',
  scanFile: 'Cannot scan a file while the camera is running.',
};

/** A move the state machine does not allow; a programming error, not a user's. */
export class ScannerStateError extends Error {
  constructor(
    readonly from: ScannerState,
    readonly action: ScannerAction,
  ) {
    super(WHY[action]);
    this.name = 'ScannerStateError';
  }
}

export function canTransition(from: ScannerState, action: ScannerAction): boolean {
  return TRANSITIONS[action][from] !== undefined;
}

/** The state after `action`, or a ScannerStateError when the move is not allowed. */
export function transition(from: ScannerState, action: ScannerAction): ScannerState {
  const to = TRANSITIONS[action][from];
  if (to === undefined) throw new ScannerStateError(from, action);
  return to;
}
