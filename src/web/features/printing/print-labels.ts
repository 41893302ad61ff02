import type { PrintInput } from '../../../common/schemas/printing.ts';

/** Which labels a print is for: items by id, a manifest's, a container's contents, or the unlabelled. */
export type PrintSource = Pick<
  PrintInput,
  'item_ids' | 'manifest_id' | 'container_id' | 'without_label'
>;

/**
 * Opens the print dialog (preset, skip, offsets) for labels of items; the PDF is made on
 * the server and downloaded. The dialog's code loads on first use, not with the page.
 */
export async function printLabels(source: PrintSource, what: string): Promise<void> {
  const { openPrintDialog } = await import('./PrintDialog.tsx');
  await openPrintDialog(source, what);
}
