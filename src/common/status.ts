/** Item and manifest types, in their two groups. */
export const STATUS_GROUPS = [
  {
    group: 'Package',
    values: [
      { value: 'Pallet', emoji: '🪵' },
      { value: 'Crate', emoji: '📦' },
      { value: 'Rack', emoji: '🗄️' },
    ],
  },
  {
    group: 'Item',
    values: [
      { value: 'Fabric', emoji: '' },
      { value: 'Panel', emoji: '' },
      { value: 'Piece', emoji: '' },
      { value: 'FF&E', emoji: '' },
      { value: 'Tools', emoji: '' },
      { value: 'Bin', emoji: '' },
    ],
  },
] as const;

export const STATUSES = [
  'Pallet',
  'Crate',
  'Rack',
  'Fabric',
  'Panel',
  'Piece',
  'FF&E',
  'Tools',
  'Bin',
] as const;
export type Status = (typeof STATUSES)[number];

export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  for (const group of STATUS_GROUPS) {
    const found = group.values.find((v) => v.value === status);
    if (found) return found.emoji ? `${found.emoji} ${found.value}` : found.value;
  }
  return status;
}
