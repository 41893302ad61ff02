import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { isOverbooked, withOverride, type Override } from './override.ts';

const refused = new ApiError(409, 'overbooked', 'Stage deck 12 is on Summer show 3–9 Jun.');

describe('a write that can overbook', () => {
  it('writes nothing more when the refusal is not overridden', async () => {
    const write = vi.fn<(o?: Override) => Promise<string>>().mockRejectedValueOnce(refused);
    const ask = vi.fn().mockResolvedValue(undefined);
    expect(await withOverride(write, ask)).toBeUndefined();
    expect(ask).toHaveBeenCalledWith('Stage deck 12 is on Summer show 3–9 Jun.');
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('does not override with a blank note', async () => {
    const write = vi.fn<(o?: Override) => Promise<string>>().mockRejectedValueOnce(refused);
    expect(await withOverride(write, () => Promise.resolve('   '))).toBeUndefined();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('passes other failures on, without asking', async () => {
    const other = new ApiError(409, 'wrong_stage', 'This job is closed.');
    const ask = vi.fn();
    await expect(withOverride(() => Promise.reject(other), ask)).rejects.toBe(other);
    expect(ask).not.toHaveBeenCalled();
  });

  it('sends the same write again with the override and the note', async () => {
    const write = vi
      .fn<(o?: Override) => Promise<string>>()
      .mockRejectedValueOnce(refused)
      .mockResolvedValueOnce('held');
    expect(await withOverride(write, () => Promise.resolve(' sub-rented from Hire Co '))).toBe(
      'held',
    );
    expect(write).toHaveBeenLastCalledWith({
      override: true,
      override_note: 'sub-rented from Hire Co',
    });
  });

  it('writes once when nothing is in the way', async () => {
    const write = vi.fn<(o?: Override) => Promise<string>>().mockResolvedValue('held');
    const ask = vi.fn();
    expect(await withOverride(write, ask)).toBe('held');
    expect(ask).not.toHaveBeenCalled();
  });

  it('tells an overbooking refusal from any other failure', () => {
    expect(isOverbooked(refused)).toBe(true);
    expect(isOverbooked(new ApiError(409, 'conflict', 'Changed meanwhile.'))).toBe(false);
    expect(isOverbooked(new Error('overbooked'))).toBe(false);
  });
});
