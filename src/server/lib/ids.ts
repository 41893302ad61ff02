import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijkmnpqrstuvwxyz';

/**
 * Random bytes drawn 4 KiB at a time: a call to the system's source costs about 20 µs on
 * a busy server whatever its size, and a 50,000-row import draws an id per row (issue 25:
 * one call each held the event loop for half a second). Each byte is used once.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

function takeRandomBytes(length: number): Buffer {
  if (length > POOL_SIZE) return randomBytes(length);
  if (taken + length > pool.length) {
    pool = randomBytes(POOL_SIZE);
    taken = 0;
  }
  taken += length;
  return pool.subarray(taken - length, taken);
}

/** A 12-character random id from a cryptographic source (about 61 bits). */
export function newId(length = 12): string {
  const bytes = takeRandomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export function nowIso(): string {
  return new Date().toISOString();
}
