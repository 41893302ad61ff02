import PDFDocument from 'pdfkit';
import { formatLabelCode, scanLink } from '../../../common/label-code.ts';
import { labelsPerPage, type LabelPreset } from '../../../common/label-presets.ts';
import type { QrMatrix } from '../../../common/qr-matrix.ts';
import { labelGeometry, QUIET } from './label-layout.ts';
import { drawLines, fitText, PT_PER_MM, registerFonts, type Doc } from './pdf-text.ts';

export interface LabelContent {
  code: string;
  /** The item's name, for labels printed for items. */
  name?: string | null;
  /** Client and location, one line. */
  details?: string | null;
}

export interface LabelJob {
  preset: LabelPreset;
  labels: LabelContent[];
  publicUrl: string;
  /** Label positions left empty at the start of the first sheet. */
  skip: number;
  offset: { x: number; y: number };
  title: string;
}

const mm = (v: number) => v * PT_PER_MM;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Courier glyphs are 0.6 em wide: the code's width is known without measuring. */
const CODE_EM = 0.6 * 14;
/** Below this, text on a label is no longer readable; longer names are cut instead. */
const MIN_PT = 6;

/** A vector PDF of labels: QR modules as filled rectangles, text in embedded fonts. */
export function renderLabels(job: LabelJob): Promise<Buffer> {
  const { preset } = job;
  const doc = new PDFDocument({
    size: [mm(preset.page.width), mm(preset.page.height)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: job.title, Producer: 'Yardkeep', Creator: 'Yardkeep' },
  });
  registerFonts(doc);
  const perPage = labelsPerPage(preset);
  job.labels.forEach((label, n) => {
    const slot = (job.skip + n) % perPage;
    if (n === 0 || slot === 0) doc.addPage();
    const col = slot % preset.columns;
    const row = Math.floor(slot / preset.columns);
    drawLabel(doc, job, label, {
      x: preset.left + col * preset.pitchX + job.offset.x,
      y: preset.top + row * preset.pitchY + job.offset.y,
    });
  });
  return finish(doc);
}

export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function drawLabel(doc: Doc, job: LabelJob, label: LabelContent, at: { x: number; y: number }) {
  const { preset } = job;
  const g = labelGeometry(preset, scanLink(job.publicUrl, label.code));
  if (preset.id.startsWith('grid-')) {
    // Plain paper is cut by hand: a light hairline shows where.
    doc
      .save()
      .lineWidth(0.25)
      .strokeColor('#cccccc')
      .rect(mm(at.x), mm(at.y), mm(preset.label.width), mm(preset.label.height))
      .stroke()
      .restore();
  }
  drawQr(doc, g.matrix, mm(at.x + g.qr.x), mm(at.y + g.qr.y), mm(g.module));

  const box = {
    x: mm(at.x + g.text.x),
    y: mm(at.y + g.text.y),
    width: mm(g.text.width),
    height: mm(g.text.height),
  };
  const labelHeight = preset.label.height;
  const band = g.codeBand;
  const codePt = band
    ? Math.min(mm(band.height) * 0.7, mm(band.width) / CODE_EM)
    : Math.min(clamp(labelHeight * 0.3, 7, 34), box.width / CODE_EM);
  const codeHeight = band ? 0 : codePt * 1.25;
  const namePt = clamp(labelHeight * 0.36, 7, 44);
  const stacked = preset.layout === 'stacked';
  const align = stacked ? 'center' : 'left';

  // Stacked: code right under the QR, then the name. Side: name on top, code at the
  // bottom (placards: in a band of its own across the whole width).
  const codeY = band ? mm(at.y + band.y) : stacked ? box.y : box.y + box.height - codeHeight;
  const textTop = stacked ? box.y + codeHeight : box.y;
  let room = box.height - codeHeight;

  const details = label.details?.trim()
    ? fitText(doc, label.details, {
        width: box.width,
        height: room * 0.4,
        maxPt: namePt * 0.7,
        minPt: MIN_PT,
        maxLines: 2,
        role: 'regular',
      })
    : null;
  room -= details?.height ?? 0;
  const name = label.name?.trim()
    ? fitText(doc, label.name, {
        width: box.width,
        height: room,
        maxPt: namePt,
        minPt: MIN_PT,
        maxLines: preset.kind === 'placard' ? 4 : 3,
        role: 'bold',
      })
    : null;
  if (name) drawLines(doc, name, { ...box, y: textTop }, 'bold', align);
  if (details) {
    drawLines(doc, details, { ...box, y: textTop + (name?.height ?? 0) }, 'regular', align);
  }
  const code = formatLabelCode(label.code);
  const codeBox = band ? { x: mm(at.x + band.x), width: mm(band.width) } : box;
  const codeX = stacked || band ? codeBox.x + (codeBox.width - codePt * CODE_EM) / 2 : box.x;
  doc
    .font('Courier-Bold')
    .fontSize(codePt)
    .fillColor('black')
    .text(code, codeX, codeY + codePt * 0.1, { lineBreak: false });
}

/** The dark modules as filled rectangles, one per horizontal run, after the quiet zone. */
export function drawQr(doc: Doc, matrix: QrMatrix, x: number, y: number, module: number): void {
  const ox = x + QUIET * module;
  const oy = y + QUIET * module;
  for (const [row, col, len] of matrix.runs) {
    // A hair of overlap between rows keeps renderers from leaving white seams.
    doc.rect(ox + col * module, oy + row * module, len * module, module * 1.02);
  }
  doc.fillColor('black').fill();
}
