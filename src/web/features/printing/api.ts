import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { printingApi } from '../../../common/api/printing.ts';
import type { PrintInput } from '../../../common/schemas/printing.ts';
import { callApi, callApiFile } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

export const printingQueries = {
  presets: () =>
    queryOptions({
      queryKey: ['label-presets'] as const,
      queryFn: () => callApi(printingApi.presets, {}),
      staleTime: 60_000,
    }),
};

const LAST_PRESET = 'yardkeep.labelPreset';

/** The preset printed on last on this device: most studios have one printer. */
export function lastPreset(fallback: string): string {
  try {
    return localStorage.getItem(LAST_PRESET) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Prints on the server and saves the PDF; remembers the preset for next time. */
export async function downloadLabels(body: PrintInput, fileName = `labels-${body.preset}.pdf`) {
  const pdf = await callApiFile(printingApi.print, { body });
  downloadFile(fileName, pdf, 'application/pdf');
  try {
    localStorage.setItem(LAST_PRESET, body.preset);
  } catch {
    // Private mode: the choice is not remembered, which is fine.
  }
}

export function useSaveOffset() {
  const queryClient = useQueryClient();
  return async (id: PrintInput['preset'], offset: { x: number; y: number }) => {
    await callApi(printingApi.saveOffset, { params: { id }, body: offset });
    await queryClient.invalidateQueries({ queryKey: printingQueries.presets().queryKey });
  };
}
