import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import classes from './scan-mode.module.css';

/**
 * The full-screen dialog every continuous scan mode opens in (packing, return, fill a
 * container): dark, no opening animation (the camera starts at once), its name on the close
 * button for screen readers.
 */
export function ScanModeModal(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the close button is called, e.g. "Close packing mode". */
  closeLabel: string;
  /** False while a question of the mode is open: Escape belongs to that question. */
  closeOnEscape?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      fullScreen
      title={props.title}
      classNames={{ content: classes.content, header: classes.header, body: classes.body }}
      transitionProps={{ duration: 0 }}
      closeOnEscape={props.closeOnEscape ?? true}
      closeButtonProps={{ 'aria-label': props.closeLabel }}
    >
      {props.children}
    </Modal>
  );
}
