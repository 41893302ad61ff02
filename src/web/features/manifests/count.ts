import { openNameForm } from '../../components/forms/index.ts';
import { componentTypeEntity } from '../component-types/api.ts';

/** Counts on requirements and item components: a whole number, at least 1. */
export const COUNT_DEFAULT = 1;
export const COUNT_MIN = 1;

/** The form's message for a count as a NumberInput holds it ('' when empty). */
export function countError(value: number | string): string | null {
  if (value === '' || value === null || value === undefined) return 'Count is required';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'Count is required';
  if (!Number.isInteger(n)) return 'Count must be a whole number';
  if (n < COUNT_MIN) return `Count must be at least ${COUNT_MIN}`;
  return null;
}

/**
 * The inline "Create a component": a small form with the component's name; resolves with
 * the new component type, or undefined when cancelled.
 */
export function useCreateComponentInline() {
  const createComponent = componentTypeEntity.useCreate();
  return () =>
    openNameForm({
      title: 'Create a component',
      submitLabel: 'Create',
      save: (name) => createComponent.mutateAsync({ name }),
    });
}
