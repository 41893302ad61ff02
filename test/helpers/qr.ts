import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import sharp from 'sharp';

const run = promisify(execFile);

export interface LabelImageOptions {
  /** Side of the QR code in pixels, quiet zone included. */
  size?: number;
  /** Degrees, clockwise; the corners are filled with white like a label on a white crate. */
  rotate?: number;
  /** Gaussian blur sigma in pixels (an out-of-focus phone camera). */
  blur?: number;
  /** Scuffs: a few white scratches and a grey stain across the code, and faded ink. */
  worn?: boolean;
}

/** A QR code of `text` (level M, like the printed labels) as a PNG, roughed up on request. */
export async function qrLabelPng(text: string, options: LabelImageOptions = {}): Promise<Buffer> {
  const size = options.size ?? 300;
  let png = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', width: size, margin: 4 });
  if (options.worn) {
    // Thin scratches and one stain: well inside what level M's 15 % recovery can repair.
    const s = size;
    const scuffs = Buffer.from(
      `<svg width="${s}" height="${s}" xmlns="http://www.w3.org/2000/svg">
        <path d="M${s * 0.15} ${s * 0.3} L${s * 0.85} ${s * 0.42}" stroke="#fff" stroke-width="${s * 0.012}"/>
        <path d="M${s * 0.3} ${s * 0.85} L${s * 0.7} ${s * 0.62}" stroke="#fff" stroke-width="${s * 0.01}"/>
        <circle cx="${s * 0.62}" cy="${s * 0.55}" r="${s * 0.05}" fill="#888" fill-opacity="0.45"/>
      </svg>`,
    );
    png = await sharp(png)
      .composite([{ input: scuffs }])
      // Faded ink on yellowed paper: black becomes dark grey, white a light grey.
      .linear(0.75, 40)
      .png()
      .toBuffer();
  }
  let image = sharp(png);
  if (options.rotate) image = image.rotate(options.rotate, { background: '#ffffff' });
  if (options.blur) image = image.blur(options.blur);
  return image.png().toBuffer();
}

/** Decodes every QR code in an image with zbarimg (zbar-tools), independent of the app's decoder. */
export async function zbarDecode(imagePath: string): Promise<string[]> {
  try {
    const { stdout } = await run('zbarimg', [
      '--quiet',
      '--raw',
      '-Sdisable',
      '-Sqrcode.enable',
      imagePath,
    ]);
    return stdout.split('\n').filter((line) => line !== '');
  } catch (error) {
    // zbarimg exits with 4 when it found nothing.
    if ((error as { code?: number }).code === 4) return [];
    throw error;
  }
}

/** zbarimg over many images in one run: the texts found in each, by path. */
export async function zbarDecodeEach(imagePaths: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(imagePaths.map((p) => [p, []]));
  let xml: string;
  try {
    ({ stdout: xml } = await run('zbarimg', [
      '--quiet',
      '--xml',
      '-Sdisable',
      '-Sqrcode.enable',
      ...imagePaths,
    ]));
  } catch (error) {
    // Exit code 4: some image had no code; the XML of the others is still there.
    const e = error as { code?: number; stdout?: string };
    if (e.code !== 4 || e.stdout === undefined) throw error;
    xml = e.stdout;
  }
  for (const source of xml.split('<source href=').slice(1)) {
    const file = source.slice(1, source.indexOf("'", 1));
    const texts = [...source.matchAll(/<data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map(
      (m) => m[1]!,
    );
    found.set(file, texts);
  }
  return found;
}
