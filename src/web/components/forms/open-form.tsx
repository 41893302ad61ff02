import type { ComponentType } from 'react';
import { openDialog, type CloseDialog } from '../dialogs/index.ts';

/** What every form component gets besides its own props: how to close its dialog. */
export interface FormDialogProps<R> {
  /** Resolves the dialog with a result, or undefined (cancelled). */
  close: CloseDialog<R>;
}

/** A form module: its default export is the form component. */
export type FormModule<P> = { default: ComponentType<P> };

/** The result a form's dialog resolves with, from its `close`. */
type ResultOf<P> = P extends { close: (value: infer R) => void } ? Exclude<R, undefined> : never;

/**
 * Opens a form in the dialog queue. The form's module is loaded here, when the form first
 * opens: the form library, the inputs and the body schemas stay out of every page's first
 * load (docs/decisions.md, "Fast on a phone"). Escape or Cancel resolves with undefined;
 * a successful submit with what the form's save returned.
 */
export async function openForm<P extends { close: (value: never) => void }>(
  load: () => Promise<FormModule<P>>,
  props: Omit<P, 'close'>,
  modal: { title: string; size?: string },
): Promise<ResultOf<P> | undefined> {
  const { default: Form } = await load();
  return openDialog<ResultOf<P>>({
    // Escape is handled by the form's frame, so that it can leave it to a nested create modal.
    modal: { title: modal.title, size: modal.size ?? 'md', closeOnEscape: false },
    content: (close) => <Form {...(props as P)} close={close} />,
  });
}
