import { describe, expect, it } from 'vitest';
import { componentsProvided } from './components-provided.ts';

describe('componentsProvided', () => {
  it("counts a container's contents with it: their types and their item components", () => {
    const crate = { component_id: 'crate', component_name: 'Crate', components: [] };
    const panel = { component_id: 'panel', component_name: 'Panel', components: [] };
    const clamped = {
      component_id: 'panel',
      component_name: 'Panel',
      components: [{ component_id: 'clamp', component_name: 'Clamp', count: 2 }],
    };
    const untyped = {
      component_id: null,
      component_name: null,
      components: [{ component_id: 'clamp', component_name: 'Clamp', count: 3 }],
    };
    expect(componentsProvided([crate, panel, clamped, untyped])).toEqual([
      { component_id: 'crate', component_name: 'Crate', count: 1 },
      { component_id: 'panel', component_name: 'Panel', count: 2 },
      { component_id: 'clamp', component_name: 'Clamp', count: 5 },
    ]);
    expect(componentsProvided([])).toEqual([]);
  });
});
