import type { ReactNode } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { ApiError } from '../../lib/api.ts';
import { openDialog } from './queue.ts';

export interface ConfirmOptions {
  /** Defaults to "Are you sure?". */
  title?: string;
  /** The consequence, e.g. "Deleting this image means no one can see it here anymore." */
  warning?: ReactNode;
  /** Defaults to "Yes". */
  yesLabel?: string;
  /** Defaults to "Cancel". */
  noLabel?: string;
  /**
   * Safe mode makes yes the primary button (and focuses it). Otherwise (the default, for
   * destructive questions) yes is red and focus starts on no, so a stray Enter does no harm.
   */
  safe?: boolean;
}

/** Asks a yes/no question; true only when the user chose yes. */
export async function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  const answer = await openDialog<boolean>({
    modal: { title: options.title ?? 'Are you sure?' },
    content: (close) => (
      <Stack>
        {options.warning && <Text>{options.warning}</Text>}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => close(false)}
            data-autofocus={options.safe ? undefined : true}
          >
            {options.noLabel ?? 'Cancel'}
          </Button>
          <Button
            color={options.safe ? undefined : 'red.9'}
            onClick={() => close(true)}
            data-autofocus={options.safe ? true : undefined}
          >
            {options.yesLabel ?? 'Yes'}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return answer === true;
}

export interface AlertOptions {
  title?: string;
  /** Defaults to "Ok". */
  okLabel?: string;
}

/**
 * Tells the user something; resolves when they press the only button (or dismiss it).
 * Without a title the message itself is the title, so the dialog always has a name.
 */
export async function alert(message: ReactNode, options: AlertOptions = {}): Promise<void> {
  const titled = options.title !== undefined;
  await openDialog<true>({
    // Only the one button: no close X (Escape still dismisses it).
    modal: { title: titled ? options.title : message, withCloseButton: false },
    content: (close) => (
      <Stack>
        {titled && <Text>{message}</Text>}
        <Group justify="flex-end">
          <Button onClick={() => close(true)} data-autofocus>
            {options.okLabel ?? 'Ok'}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/** The text shown for an error: its stack when there is one (it starts with the message). */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const stack = error.stack ?? '';
    // Some engines leave the message out of the stack; make sure it is there.
    return stack.includes(error.message) ? stack : `${error.name}: ${error.message}\n${stack}`;
  }
  return String(error);
}

/**
 * The error dialog: "Uh oh!" / "Something went wrong.", the error's
 * stack text and an Ok button. Use it for failures of confirmed actions; failures of a
 * form's submit are listed under the form instead.
 */
export async function showError(error: unknown): Promise<void> {
  console.error(error);
  await openDialog<true>({
    modal: { title: 'Uh oh!', size: 'lg', withCloseButton: false },
    content: (close) => (
      <Stack>
        <Text>Something went wrong.</Text>
        {/* Focusable, so keyboard users can scroll a long stack. */}
        <Code
          block
          data-testid="error-stack"
          tabIndex={0}
          aria-label="Error details"
          style={{ maxHeight: 240, overflow: 'auto' }}
        >
          {errorText(error)}
        </Code>
        <Group justify="flex-end">
          <Button onClick={() => close(true)} data-autofocus>
            Ok
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/**
 * Runs an action, showing the error dialog if it fails. Resolves with the action's value,
 * or undefined after a failure (which has then been shown).
 */
export async function guarded<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    await showError(error);
    return undefined;
  }
}

/**
 * Runs a write whose refusal the server explains: a 4xx with its sentence ("This job needs
 * both dates to be reserved.") is said as it is under `title`, anything else is an error.
 * Undefined when it did not go through.
 */
export async function explained<T>(
  title: string,
  action: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 401) {
      await alert(error.message, { title });
    } else {
      await showError(error);
    }
    return undefined;
  }
}
