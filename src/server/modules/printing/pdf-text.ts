import { fontRuns, fonts, type FontName, type FontRole } from './fonts.ts';

/**
 * Text set in a box of a PDF page: wrapped at spaces (and between CJK characters, which
 * have none), shrunk step by step until it fits, and cut with an ellipsis only when even
 * the smallest size does not. Nothing is ever drawn outside its box.
 */
export const PT_PER_MM = 72 / 25.4;
/** Line height as a share of the font size: Noto's ascenders and descenders need 1.4. */
export const LINE_HEIGHT = 1.4;

export type Doc = PDFKit.PDFDocument;

/** A new PDF with the label fonts registered under their names. */
export function registerFonts(doc: Doc): void {
  for (const [name, font] of fonts()) doc.registerFont(name, font.bytes);
}

export function textWidth(doc: Doc, text: string, pt: number, role: FontRole): number {
  let width = 0;
  for (const run of fontRuns(text, role)) {
    width += doc.font(run.font).fontSize(pt).widthOfString(run.text);
  }
  return width;
}

const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** Break opportunities: words with their following spaces, and each CJK character. */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) {
      if (out.length) out[out.length - 1] += ' ';
      continue;
    }
    let word = '';
    for (const char of part) {
      if (CJK.test(char)) {
        if (word) out.push(word);
        out.push(char);
        word = '';
      } else word += char;
    }
    if (word) out.push(word);
  }
  return out;
}

/** Greedy line filling; a word wider than the box is broken between characters. */
export function wrap(doc: Doc, text: string, width: number, pt: number, role: FontRole): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => textWidth(doc, s.trimEnd(), pt, role) <= width;
  for (const token of tokens(text.replace(/\s+/g, ' ').trim())) {
    if (fits(line + token)) {
      line += token;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = '';
    if (fits(token)) {
      line = token;
      continue;
    }
    for (const char of token) {
      if (line && !fits(line + char)) {
        lines.push(line.trimEnd());
        line = '';
      }
      line += char;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

export interface Fitted {
  pt: number;
  lines: string[];
  height: number;
}

export interface FitOptions {
  width: number;
  height: number;
  maxPt: number;
  minPt: number;
  maxLines: number;
  role: FontRole;
}

/** The largest size at which the text fits the box, wrapped; ellipsized at the smallest. */
export function fitText(doc: Doc, text: string, o: FitOptions): Fitted {
  if (!text.trim()) return { pt: o.minPt, lines: [], height: 0 };
  for (let pt = o.maxPt; pt >= o.minPt; pt -= 0.5) {
    const lines = wrap(doc, text, o.width, pt, o.role);
    const room = Math.min(o.maxLines, Math.floor(o.height / (pt * LINE_HEIGHT)));
    if (lines.length <= room) return { pt, lines, height: lines.length * pt * LINE_HEIGHT };
  }
  const pt = o.minPt;
  const room = Math.max(1, Math.min(o.maxLines, Math.floor(o.height / (pt * LINE_HEIGHT))));
  const lines = wrap(doc, text, o.width, pt, o.role).slice(0, room);
  let last = lines[room - 1] ?? '';
  while (last && textWidth(doc, `${last}…`, pt, o.role) > o.width)
    last = [...last].slice(0, -1).join('');
  lines[room - 1] = `${last.trimEnd()}…`;
  return { pt, lines, height: lines.length * pt * LINE_HEIGHT };
}

/** Draws fitted lines from the top of a box, left-aligned or centred. */
export function drawLines(
  doc: Doc,
  fitted: Fitted,
  box: { x: number; y: number; width: number },
  role: FontRole,
  align: 'left' | 'center' = 'left',
): void {
  fitted.lines.forEach((line, i) => {
    const y = box.y + i * fitted.pt * LINE_HEIGHT + fitted.pt * 0.15;
    let x = box.x;
    if (align === 'center') x += (box.width - textWidth(doc, line, fitted.pt, role)) / 2;
    for (const run of fontRuns(line, role)) {
      doc
        .font(run.font as FontName)
        .fontSize(fitted.pt)
        .text(run.text, x, y, { lineBreak: false });
      x += doc.widthOfString(run.text);
    }
  });
}
