import { alert, showError } from '../dialogs/index.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * Runs a confirmed action from a list menu. A refusal the server explains (4xx: a client
 * still in use, deleting yourself, ...) is told in an alert with the server's message; an
 * unexpected failure gets the error dialog with its stack text.
 * Resolves true when the action succeeded.
 */
export async function runListAction(
  title: string,
  action: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      await alert(error.message, { title });
    } else {
      await showError(error);
    }
    return false;
  }
}
