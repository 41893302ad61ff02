import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { labelsPerPage, type LabelPreset } from '../../src/common/label-presets.ts';
import { zbarDecodeEach } from './qr.ts';

const run = promisify(execFile);

/**
 * Renders PDF pages at print resolution with poppler's pdftoppm and decodes every QR code
 * on each with zbarimg: an independent reading of what a printer would put on paper.
 */
export async function decodePdfPages(
  pdf: Buffer,
  options: { dpi?: number; firstPage?: number; lastPage?: number } = {},
): Promise<string[][]> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'yk-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await fs.promises.writeFile(file, pdf);
    const range = [
      ...(options.firstPage ? ['-f', String(options.firstPage)] : []),
      ...(options.lastPage ? ['-l', String(options.lastPage)] : []),
    ];
    await run('pdftoppm', [
      '-r',
      String(options.dpi ?? 300),
      '-gray',
      '-png',
      ...range,
      file,
      path.join(dir, 'page'),
    ]);
    const pages = (await fs.promises.readdir(dir))
      .filter((f) => f.startsWith('page'))
      .sort()
      .map((f) => path.join(dir, f));
    const found = await zbarDecodeEach(pages);
    return pages.map((p) => found.get(p) ?? []);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as pdftotext extracts it (what a screen reader or search sees). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'yk-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await fs.promises.writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Number of pages, from the PDF's page objects. */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/**
 * Renders each page at `dpi` and decodes every label on it separately: each label's
 * rectangle (in mm, from the top-left of the page) is cut out and read on its own, as
 * a phone sees one label at a time. Returns the texts found per label, in order.
 */
export async function decodeLabelByLabel(
  pdf: Buffer,
  rects: Array<{ page: number; x: number; y: number; width: number; height: number }>,
  dpi = 300,
): Promise<string[][]> {
  const { default: sharp } = await import('sharp');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'yk-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await fs.promises.writeFile(file, pdf);
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, path.join(dir, 'page')]);
    const pages = (await fs.promises.readdir(dir)).filter((f) => f.startsWith('page')).sort();
    const px = (mm: number) => Math.round((mm / 25.4) * dpi);
    const crops: string[] = [];
    const decoded = new Map<number, { data: Buffer; info: import('sharp').OutputInfo }>();
    for (const [i, r] of rects.entries()) {
      // Each page is decoded from PNG once; crops come from its raw pixels.
      if (!decoded.has(r.page)) {
        const raw = await sharp(path.join(dir, pages[r.page]!))
          .raw()
          .toBuffer({ resolveWithObject: true });
        decoded.set(r.page, raw);
      }
      const { data, info } = decoded.get(r.page)!;
      const left = Math.max(0, px(r.x));
      const top = Math.max(0, px(r.y));
      const crop = path.join(dir, `label-${String(i).padStart(4, '0')}.png`);
      await sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .extract({
          left,
          top,
          width: Math.min(px(r.width), info.width - left),
          height: Math.min(px(r.height), info.height - top),
        })
        // A white border: the label's own quiet zone may sit at its very edge.
        .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
        .png({ compressionLevel: 1 })
        .toFile(crop);
      crops.push(crop);
    }
    const found = await zbarDecodeEach(crops);
    return crops.map((c) => found.get(c) ?? []);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Where the labels of a print sit (mm from each page's top-left), for decodeLabelByLabel:
 * `count` labels after `skip` used positions, page by page.
 */
export function labelRects(
  preset: LabelPreset,
  count: number,
  skip = 0,
): Array<{ page: number; x: number; y: number; width: number; height: number }> {
  const perPage = labelsPerPage(preset);
  return Array.from({ length: count }, (_, n) => {
    const i = n + skip;
    return {
      page: Math.floor(i / perPage),
      x: preset.left + (i % preset.columns) * preset.pitchX,
      y: preset.top + Math.floor((i % perPage) / preset.columns) * preset.pitchY,
      ...preset.label,
    };
  });
}
