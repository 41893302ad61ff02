import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import type { z } from 'zod';
import { FormErrors } from '../FormErrors.tsx';

/**
 * A form whose rules are a body schema of src/common: "{label} is required", lengths and
 * password rules are the server's own, checked on submit before anything is sent.
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initialValues: z.input<S>,
): UseFormReturnType<z.input<S>> {
  return useForm<z.input<S>>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
}

/**
 * A dialog's form: the form, and what its frame needs (`<FormFrame {...frame}>`) with the
 * dialog's own save and close handed on as they are.
 */
export function useDialogForm<S extends z.ZodType<unknown, Record<string, unknown>>, R>(
  schema: S,
  initialValues: z.input<S>,
  dialog: Pick<FormFrameProps<S, R>, 'save' | 'close'>,
) {
  const form = useSchemaForm(schema, initialValues);
  return { form, frame: { form, schema, save: dialog.save, close: dialog.close } };
}

/** Tells the frame a nested modal (an inline create) is open: its Escape is not ours. */
const NestedModal = createContext<(open: boolean) => void>(() => {});
export const useNestedModal = () => useContext(NestedModal);

export interface FormFrameProps<S extends z.ZodType, R> {
  form: UseFormReturnType<z.input<S>>;
  schema: S;
  /** Saves the parsed body; throw to list the message under the form and keep it open. */
  save: (body: z.output<S>) => Promise<R> | R;
  /** Called with save's result (the dialog's close), or undefined on Cancel/Escape. */
  close: (result: R | undefined) => void;
  submitLabel?: string;
  cancelLabel?: string;
  children: ReactNode;
}

/**
 * The frame of every form: a native <form> (Enter in a field submits; textareas keep
 * Enter for new lines), the submit errors under the fields, Cancel and the submit button,
 * and Escape to cancel when the key was pressed inside this form.
 */
export function FormFrame<S extends z.ZodType, R>(props: FormFrameProps<S, R>) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [nested, setNested] = useState(false);
  const container = useRef<HTMLFormElement>(null);

  // With a create modal open on top, focus is in that one and the Escape is its business.
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || nested) return;
      const target = event.target as HTMLElement | null;
      // Mantine marks an open dropdown's input so that Escape closes only the dropdown.
      if (target?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
      const dialog = container.current?.closest('[role="dialog"]');
      if (target === document.body || (target && dialog?.contains(target))) props.close(undefined);
    },
    { capture: true },
  );

  const submit = props.form.onSubmit(async (values) => {
    setErrors([]);
    setBusy(true);
    try {
      props.close(await props.save(props.schema.parse(values)));
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  });

  return (
    <NestedModal.Provider value={setNested}>
      <form
        ref={container}
        // A nested create form's submit bubbles up the React tree: it is not this form's.
        onSubmit={(event) => event.target === event.currentTarget && submit(event)}
        noValidate
      >
        <Stack>
          {props.children}
          <FormErrors errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => props.close(undefined)} disabled={busy}>
              {props.cancelLabel ?? 'Cancel'}
            </Button>
            <Button type="submit" loading={busy}>
              {props.submitLabel ?? 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </NestedModal.Provider>
  );
}
