import { createHash } from 'node:crypto';
import { LABEL_ALPHABET, LABEL_LENGTH } from '../../../common/label-code.ts';

/**
 * Randomness for the data generator. Everything is derived from the seed, so the same
 * `--seed` gives the same database. Each part of the data set draws from its own named
 * stream, so asking for more items does not change the clients, locations or manifests.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
  /** A value drawn with the given relative weights. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T;
  /** `count` distinct values (all of them when there are fewer). */
  sample<T>(values: readonly T[], count: number): T[];
  /** A 12-character id in the server's id alphabet (src/server/lib/ids.ts). */
  id(): string;
}

const ID_ALPHABET = '0123456789abcdefghijkmnpqrstuvwxyz';

/** 128 bits of state from SHA-256 of the seed and stream name. */
function stateOf(seed: number, stream: string): [number, number, number, number] {
  const digest = createHash('sha256').update(`yardkeep-seed:${seed}:${stream}`).digest();
  return [
    digest.readUInt32LE(0),
    digest.readUInt32LE(4),
    digest.readUInt32LE(8),
    digest.readUInt32LE(12),
  ];
}

/** sfc32: small, fast, and good enough for test data (passes PractRand to 2^40 bytes). */
export function createRandom(seed: number, stream: string): Random {
  let [a, b, c, d] = stateOf(seed, stream);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // let the state mix before the first draw

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (values) => values[Math.floor(next() * values.length)]!,
    weighted(choices) {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
    sample(values, count) {
      const pool = [...values];
      const out = [];
      while (out.length < count && pool.length > 0) {
        out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      }
      return out;
    },
    id() {
      let id = '';
      for (let i = 0; i < 12; i++) id += ID_ALPHABET[Math.floor(next() * ID_ALPHABET.length)];
      return id;
    },
  };
  return random;
}

/**
 * Label codes for the seed: SHA-256 in counter mode keyed by the seed, mapped onto
 * LABEL_ALPHABET with the low 5 bits of each byte exactly as the labels module's
 * generator does with crypto.randomBytes (src/server/lib/label-codes.ts). As unguessable
 * as the seed, reproducible with it, and unique (a repeat is skipped).
 */
export function createLabelCodes(seed: number): () => string {
  const seen = new Set<string>();
  let counter = 0;
  return () => {
    for (;;) {
      const bytes = createHash('sha256').update(`yardkeep-label:${seed}:${counter++}`).digest();
      let code = '';
      for (let i = 0; i < LABEL_LENGTH; i++) code += LABEL_ALPHABET[bytes[i]! & 31];
      if (!seen.has(code)) {
        seen.add(code);
        return code;
      }
    }
  };
}
