import type { ReactNode } from 'react';
import { modals, type ModalSettings } from '@mantine/modals';

/**
 * Pending dialogs form a queue: one is shown at a time, in the
 * order they were asked for, and each resolves its promise with the value it was closed
 * with, or with undefined when it was dismissed (Escape, the close button, a click
 * outside).
 *
 * Mantine's modals manager shows the newest modal and hides older ones, which is a stack,
 * not a queue, and swapping a form out would unmount it and lose what was typed. So only
 * the head of this queue is ever handed to the manager; the next one opens when it closes.
 * A dialog that opens another one *from inside itself* (the inline "Create a client" of a
 * form) does not go through here: it renders a nested modal of its own (see forms/fields.tsx, SelectField).
 */

/** What a dialog's content gets: `close(value)` resolves the dialog's promise and closes it. */
export type CloseDialog<T> = (value: T | undefined) => void;

export interface DialogRequest<T> {
  /** Modal options (title, size, fullScreen, closeOnEscape, ...), Mantine's names. */
  modal?: Omit<ModalSettings, 'children' | 'modalId' | 'onClose' | 'opened'>;
  content: (close: CloseDialog<T>) => ReactNode;
}

interface Pending {
  show: () => void;
}

/**
 * Where the modals manager lives. main.tsx mounts it on the first dialog (DialogHost), so
 * its modal, focus trap and positioning code stay out of the first page load; without a
 * host (unit tests) the manager is taken as mounted.
 */
export interface DialogHostHandle {
  /** Mounts the manager if needed; resolves once it listens for modals.open(). */
  ensure(): Promise<void>;
}
let host: DialogHostHandle | null = null;

export function setDialogHost(handle: DialogHostHandle | null): void {
  host = handle;
}

const waiting: Pending[] = [];
let showing = false;
let sequence = 0;

function showNext(): void {
  const next = waiting.shift();
  if (!next) {
    showing = false;
    return;
  }
  showing = true;
  if (host) void host.ensure().then(next.show);
  else next.show();
}

/** Queues a dialog; the promise settles when that dialog closes. */
export function openDialog<T>(request: DialogRequest<T>): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve) => {
    const modalId = `dialog-${++sequence}`;
    let settled = false;
    // Runs once per dialog, whichever way it closes: our close(), Escape, the X, or a
    // modals.closeAll() from elsewhere (the manager calls onClose for each modal).
    const finish = (value: T | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
      modals.close(modalId);
      showNext();
    };
    waiting.push({
      show: () =>
        modals.open({
          centered: true,
          closeButtonProps: { 'aria-label': 'Close' },
          ...request.modal,
          modalId,
          onClose: () => finish(undefined),
          children: request.content(finish),
        }),
    });
    if (!showing) showNext();
  });
}

/** How many dialogs wait behind the one on screen (for tests and diagnostics). */
export function pendingDialogs(): number {
  return waiting.length;
}
