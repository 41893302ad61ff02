import type { FormModalOptions, FormValues } from './form-types.ts';

/**
 * formModal() of FormModal.tsx, whose form inputs (selects, number fields, the form
 * library) load when a form first opens, not with every page that offers one: a phone
 * opening an item to look at it never needs them (docs/decisions.md, "Fast on a phone").
 */
export async function formModal<V extends FormValues = FormValues, R = V>(
  options: FormModalOptions<V, R>,
): Promise<R | undefined> {
  const { formModal: open } = await import('./FormModal.tsx');
  return open(options);
}
