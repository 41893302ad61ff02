import { describe, expect, it } from 'vitest';
import * as stages from './job-stages.ts';

const { canTransition, hasGoneOut, isOverdue, itemAbilities, manifestAbilities } = stages;
const { nextStage, stageRefusal, today } = stages;

describe('job stages', () => {
  it('refuses what a stage does not allow, with the sentence the server answers', () => {
    expect(stageRefusal('out', 'dispatch')).toEqual({
      code: 'wrong_stage',
      message: 'This job is already out.',
    });
    expect(stageRefusal('planning', 'close')?.code).toBe('wrong_stage');
    expect(stageRefusal('closed', 'pack')).toEqual({
      code: 'job_closed',
      message: 'That job is closed.',
    });
    expect(canTransition('planning', 'dispatch')).toBe(true);
    expect(canTransition('out', 'close')).toBe(true);
    expect(nextStage('dispatch')).toBe('out');
    expect(nextStage('close')).toBe('closed');
    expect([hasGoneOut('planning'), hasGoneOut('out'), hasGoneOut('closed')]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('gives client users and anonymous visitors no ability at all', () => {
    for (const role of ['anonymous', 'client'] as const) {
      expect(Object.values(manifestAbilities(role, { stage: 'planning' }))).not.toContain(true);
      const item = { manifest_id: null, out_since: null, condition: 'missing' };
      expect(Object.values(itemAbilities(role, item))).not.toContain(true);
    }
  });

  it('lets no one take an item off the job it is out on', () => {
    const out = { manifest_id: 'job', out_since: '2026-07-01T00:00:00Z', condition: 'ok' };
    expect(itemAbilities('admin', out)).toMatchObject({ take_off: false, return: true });
    expect(itemAbilities('staff', { ...out, out_since: null })).toMatchObject({
      take_off: true,
      return: false,
    });
  });

  it('is overdue only while out and after the due date', () => {
    expect(isOverdue({ stage: 'out', due_date: '2026-07-01' }, '2026-07-02')).toBe(true);
    expect(isOverdue({ stage: 'out', due_date: '2026-07-02' }, '2026-07-02')).toBe(false);
    expect(isOverdue({ stage: 'out', due_date: null }, '2026-07-02')).toBe(false);
    expect(isOverdue({ stage: 'closed', due_date: '2026-07-01' }, '2026-07-02')).toBe(false);
    expect(isOverdue({ stage: 'planning', due_date: '2026-07-01' }, '2026-07-02')).toBe(false);
  });

  it('counts today as the UTC day', () => {
    expect(today(new Date(Date.UTC(2026, 0, 5, 23, 59)))).toBe('2026-01-05');
  });
});
