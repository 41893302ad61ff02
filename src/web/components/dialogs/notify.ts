import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';

/** Transient notices vanish after this long unless told otherwise. */
export const NOTICE_MS = 5000;

export interface NoticeOptions {
  title?: string;
  color?: string;
  /** Milliseconds before it vanishes; defaults to 5000. */
  autoClose?: number;
}

/** A transient notice in the corner; returns its id. */
export function notify(message: ReactNode, options: NoticeOptions = {}): string {
  return notifications.show({
    message,
    title: options.title,
    color: options.color,
    autoClose: options.autoClose ?? NOTICE_MS,
    // Mantine's close button is an icon with no name: axe's button-name.
    closeButtonProps: { 'aria-label': 'Close' },
  });
}

/**
 * An in-progress notice that stays until `done()` is called, e.g. "Uploading file...".
 * Call done() in a finally block so it is dismissed whatever happens.
 */
export function progressNotice(message: ReactNode): { done: () => void } {
  const id = notifications.show({
    message,
    loading: true,
    autoClose: false,
    withCloseButton: false,
  });
  return { done: () => notifications.hide(id) };
}
