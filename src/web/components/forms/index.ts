/**
 * Forms: typed, on @mantine/form, validated by the body schemas of src/common (a zod
 * resolver), so "{label} is required", lengths and password rules are the server's own
 * and the values need no casting (docs/decisions.md, "Forms from the contract").
 *
 * A form is a component `(props & { close }) => <FormFrame …>` in a `*.form.tsx` file (or
 * here), whose module default-exports it, opened with
 *   openForm(() => import('./Thing.form.tsx'), props, { title, size? }) → Promise<R | undefined>
 * Inside: `useSchemaForm(schema, initialValues)` and the fields of fields.tsx (TextField,
 * PasswordField, TextareaField, NumberField, SelectField with an inline create).
 * Escape/Cancel → undefined; save's errors are listed under the form and keep it open.
 */
export { openForm, type FormDialogProps, type FormModule } from './open-form.tsx';
import { openForm, type FormModule } from './open-form.tsx';
import type { NameFormProps } from './NameForm.tsx';

/** A one-name form in a dialog: resolves with what `save` returned, or undefined. */
export function openNameForm<R>(
  options: Omit<NameFormProps<R>, 'close'> & { title: string },
): Promise<R | undefined> {
  const { title, ...props } = options;
  const load = () => import('./NameForm.tsx') as Promise<FormModule<NameFormProps<R>>>;
  return openForm(load, props, { title }) as Promise<R | undefined>;
}
