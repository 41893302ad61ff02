import type { ImportField } from '../../../common/schemas/import.ts';

/** How the import page names each item field. */
export const FIELD_LABELS: Record<ImportField, string> = {
  id: 'Item id (to update)',
  name: 'Name',
  type: 'Type',
  client: 'Client',
  location: 'Location',
  container: 'Container (name or label)',
  component: 'Component',
  manifest: 'Manifest',
  label: 'Label code',
  note: 'Note',
};

/** "1 item" / "1,240 items". */
export const itemsText = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'item' : 'items'}`;
