/**
 * Sound and vibration for packing, so a packer with a crate in one hand knows what a scan
 * did without looking: each outcome has its own tone pattern and buzz pattern.
 * Sounds are synthesised with WebAudio (no audio files to download); vibration is used
 * where the device has it (navigator.vibrate: Android browsers, not iOS Safari).
 */
export type FeedbackKind =
  'packed' | 'moved' | 'already' | 'ask' | 'kept' | 'unknown' | 'queued' | 'error' | 'not-on-job';

interface Tone {
  hz: number;
  ms: number;
  wave?: OscillatorType;
}

/** A gap between tones is a tone of 0 Hz. */
const TONES: Record<FeedbackKind, Tone[]> = {
  // One bright beep: the common case, short so a fast packer is never waiting on it.
  packed: [{ hz: 1046, ms: 110 }],
  // Rising pair: packed, and it came from somewhere else.
  moved: [
    { hz: 784, ms: 90 },
    { hz: 0, ms: 40 },
    { hz: 1175, ms: 120 },
  ],
  // Two flat mid blips: nothing changed, it was already here.
  already: [
    { hz: 600, ms: 70 },
    { hz: 0, ms: 70 },
    { hz: 600, ms: 70 },
  ],
  // Falling pair: look at the screen, a question is waiting.
  ask: [
    { hz: 659, ms: 150, wave: 'triangle' },
    { hz: 0, ms: 40 },
    { hz: 440, ms: 200, wave: 'triangle' },
  ],
  kept: [{ hz: 440, ms: 90, wave: 'triangle' }],
  // The packed beep, softer and doubled: done on the phone, the server hears of it later.
  queued: [
    { hz: 880, ms: 80, wave: 'triangle' },
    { hz: 0, ms: 50 },
    { hz: 880, ms: 80, wave: 'triangle' },
  ],
  // Low buzz: this label means nothing here.
  unknown: [{ hz: 180, ms: 350, wave: 'square' }],
  error: [
    { hz: 150, ms: 200, wave: 'sawtooth' },
    { hz: 0, ms: 60 },
    { hz: 150, ms: 200, wave: 'sawtooth' },
  ],
  // Three falling steps: a real item, but it did not go out on this job; keep it aside.
  'not-on-job': [
    { hz: 523, ms: 120, wave: 'square' },
    { hz: 392, ms: 120, wave: 'square' },
    { hz: 262, ms: 220, wave: 'square' },
  ],
};

/** navigator.vibrate patterns: on, off, on... in milliseconds. */
const BUZZ: Record<FeedbackKind, number[]> = {
  packed: [70],
  moved: [70, 50, 70],
  already: [40, 60, 40],
  ask: [150, 80, 150],
  kept: [40],
  queued: [70, 50, 40],
  unknown: [300],
  error: [120, 60, 120, 60, 120],
  'not-on-job': [200, 80, 200],
};

const VOLUME = 0.2;
const SOUND_KEY = 'yardkeep:packing-sound';

let context: AudioContext | null = null;

/**
 * Browsers only let a page make sound after a user gesture: call this from the click
 * that opens packing mode, so the first scan already beeps.
 */
export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    // No WebAudio (old browser, locked-down kiosk): vibration and the screen still work.
    context = null;
  }
}

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

function playTones(tones: Tone[]): void {
  if (!context || context.state !== 'running') return;
  let at = context.currentTime + 0.01;
  for (const tone of tones) {
    const seconds = tone.ms / 1000;
    if (tone.hz > 0) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = tone.wave ?? 'sine';
      osc.frequency.value = tone.hz;
      // A few ms of ramp at each end: a hard start or stop clicks in the speaker.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.005);
      gain.gain.setValueAtTime(VOLUME, at + seconds - 0.01);
      gain.gain.linearRampToValueAtTime(0, at + seconds);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + seconds);
    }
    at += seconds;
  }
}

/** Plays the outcome's tones (unless sound is off) and buzzes (where the device can). */
export function giveFeedback(kind: FeedbackKind, withSound: boolean): void {
  if (withSound) playTones(TONES[kind]);
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate(BUZZ[kind]);
    } catch {
      // Some browsers throw when vibration is blocked by policy; the beep is enough.
    }
  }
}
