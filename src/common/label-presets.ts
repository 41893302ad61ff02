import type { QrLevel } from './qr-matrix.ts';

/**
 * Label stock the server prints on (docs/decisions.md#printing). All sizes in millimetres.
 * Sheets place `columns × rows` labels on a page from the top-left corner of the first
 * label and a pitch (label plus gap); roll and thermal printers and placards print one
 * label per page, the page being the label.
 */
export type PresetKind = 'sheet' | 'roll' | 'placard';

export interface LabelPreset {
  id: string;
  name: string;
  kind: PresetKind;
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** Top-left corner of the first label on the page. */
  left: number;
  top: number;
  /** Distance from one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
  /** QR beside the text (wide labels) or above it (tall ones). */
  layout: 'side' | 'stacked';
  /** Blank space kept inside the label's edge. */
  padding: number;
  /**
   * Error correction. The smallest labels use L: the same link then fits a smaller QR
   * version (fewer, larger modules) than with M, which matters more on a 20 mm code
   * than L's lower tolerance to damage.
   */
  qrLevel: QrLevel;
  /** Largest share of the label's width the QR may take in the side layout. */
  qrShare: number;
}

const A4 = { width: 210, height: 297 };
const LETTER = { width: 215.9, height: 279.4 };
const IN = 25.4;

const sheet = (
  p: Omit<LabelPreset, 'kind' | 'layout' | 'padding' | 'qrLevel' | 'qrShare'> &
    Partial<Pick<LabelPreset, 'layout' | 'padding' | 'qrLevel' | 'qrShare'>>,
): LabelPreset => ({
  kind: 'sheet',
  layout: 'side',
  padding: 2,
  qrLevel: 'M',
  qrShare: 0.5,
  ...p,
});

const single = (
  p: Pick<LabelPreset, 'id' | 'name' | 'layout' | 'padding' | 'qrLevel' | 'qrShare'> & {
    kind: 'roll' | 'placard';
    width: number;
    height: number;
  },
): LabelPreset => {
  const { width, height, ...rest } = p;
  return {
    ...rest,
    page: { width, height },
    label: { width, height },
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitchX: width,
    pitchY: height,
  };
};

export const LABEL_PRESETS: readonly LabelPreset[] = [
  sheet({
    id: 'avery-l7160',
    name: 'Avery L7160 (21 per A4, 63.5 × 38.1 mm)',
    page: A4,
    label: { width: 63.5, height: 38.1 },
    columns: 3,
    rows: 7,
    left: 7.21,
    top: 15.15,
    pitchX: 66.04,
    pitchY: 38.1,
  }),
  sheet({
    id: 'avery-l7163',
    name: 'Avery L7163 (14 per A4, 99.1 × 38.1 mm)',
    page: A4,
    label: { width: 99.1, height: 38.1 },
    columns: 2,
    rows: 7,
    left: 4.65,
    top: 15.15,
    pitchX: 101.6,
    pitchY: 38.1,
    qrShare: 0.4,
  }),
  sheet({
    id: 'avery-l7173',
    name: 'Avery L7173 (10 per A4, 99.1 × 57 mm)',
    page: A4,
    label: { width: 99.1, height: 57 },
    columns: 2,
    rows: 5,
    left: 4.65,
    top: 6,
    pitchX: 101.6,
    pitchY: 57,
    padding: 3,
  }),
  sheet({
    id: 'avery-5160',
    name: 'Avery 5160 (30 per Letter, 2⅝ × 1 in)',
    page: LETTER,
    label: { width: 2.625 * IN, height: 1 * IN },
    columns: 3,
    rows: 10,
    left: 0.1875 * IN,
    top: 0.5 * IN,
    pitchX: 2.75 * IN,
    pitchY: 1 * IN,
    padding: 1.5,
    qrLevel: 'L',
  }),
  sheet({
    id: 'avery-5163',
    name: 'Avery 5163 (10 per Letter, 4 × 2 in)',
    page: LETTER,
    label: { width: 4 * IN, height: 2 * IN },
    columns: 2,
    rows: 5,
    left: 0.15625 * IN,
    top: 0.5 * IN,
    pitchX: 4.1875 * IN,
    pitchY: 2 * IN,
    padding: 3,
  }),
  sheet({
    id: 'grid-4x5-a4',
    name: 'Plain A4, 4 × 5 grid (47 × 50 mm, cut by hand)',
    page: A4,
    label: { width: 47, height: 50 },
    columns: 4,
    rows: 5,
    left: 11,
    top: 23.5,
    pitchX: 47,
    pitchY: 50,
    layout: 'stacked',
  }),
  sheet({
    id: 'grid-4x5-letter',
    name: 'Plain US Letter, 4 × 5 grid (47 × 50 mm, cut by hand)',
    page: LETTER,
    label: { width: 47, height: 50 },
    columns: 4,
    rows: 5,
    left: 13.95,
    top: 14.7,
    pitchX: 47,
    pitchY: 50,
    layout: 'stacked',
  }),
  single({
    id: 'brother-ql-62',
    name: 'Brother QL, 62 mm continuous (62 × 40 mm per label)',
    kind: 'roll',
    width: 62,
    height: 40,
    layout: 'side',
    padding: 2.5,
    qrLevel: 'M',
    qrShare: 0.58,
  }),
  single({
    id: 'brother-ql-29x90',
    name: 'Brother QL, 29 × 90 mm (DK-11201)',
    kind: 'roll',
    width: 90,
    height: 29,
    layout: 'side',
    padding: 1.5,
    qrLevel: 'L',
    qrShare: 0.4,
  }),
  single({
    id: 'dymo-99012',
    name: 'Dymo 99012 (36 × 89 mm)',
    kind: 'roll',
    width: 89,
    height: 36,
    layout: 'side',
    padding: 2,
    qrLevel: 'M',
    qrShare: 0.4,
  }),
  single({
    id: 'zebra-4x6',
    name: 'Zebra 4 × 6 in',
    kind: 'roll',
    width: 4 * IN,
    height: 6 * IN,
    layout: 'stacked',
    padding: 5,
    qrLevel: 'M',
    qrShare: 1,
  }),
  single({
    id: 'zebra-2x1',
    name: 'Zebra 2 × 1 in',
    kind: 'roll',
    width: 2 * IN,
    height: 1 * IN,
    layout: 'side',
    padding: 1.2,
    qrLevel: 'L',
    qrShare: 0.5,
  }),
  single({
    id: 'placard-a5',
    name: 'Crate/pallet placard, A5 landscape',
    kind: 'placard',
    width: 210,
    height: 148,
    layout: 'side',
    padding: 8,
    qrLevel: 'Q',
    qrShare: 0.6,
  }),
  single({
    id: 'placard-a4',
    name: 'Crate/pallet placard, A4 landscape',
    kind: 'placard',
    width: 297,
    height: 210,
    layout: 'side',
    padding: 10,
    qrLevel: 'Q',
    qrShare: 0.6,
  }),
];

export const LABEL_PRESET_IDS = LABEL_PRESETS.map((p) => p.id) as [string, ...string[]];

export function findPreset(id: string): LabelPreset | undefined {
  return LABEL_PRESETS.find((p) => p.id === id);
}

export const labelsPerPage = (p: LabelPreset) => p.columns * p.rows;
