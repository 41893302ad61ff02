import { alert, showError } from '../../components/dialogs/index.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * Runs a reservation write; a refusal the server explained (a 4xx with its sentence: "This
 * job needs both dates to be reserved.") is said as it is under `title`, anything else is
 * an error. Undefined when it did not go through.
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
