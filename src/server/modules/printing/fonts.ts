import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts labels and packing sheets are set in, shipped by npm packages (nothing is
 * downloaded at run time): Noto Sans for Latin, Greek and Cyrillic ("Crème", "Łódź",
 * "Ærø") and Noto Sans JP for Chinese and Japanese ("東京"), which lacks Latin Extended-A.
 * Each character is set in the first font that has it. PDFKit embeds only the glyphs
 * used (a subset), so a PDF stays small.
 */
export type FontRole = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const FILES = {
  'latin-regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'cjk-regular': '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'cjk-bold': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;
export type FontName = keyof typeof FILES;

interface LoadedFont {
  bytes: Buffer;
  has: (codePoint: number) => boolean;
}

let loaded: Map<FontName, LoadedFont> | null = null;

/** Read once per process: the CJK files are 5 MB each. */
export function fonts(): Map<FontName, LoadedFont> {
  if (loaded) return loaded;
  const map = new Map<FontName, LoadedFont>();
  for (const [name, file] of Object.entries(FILES) as [FontName, string][]) {
    const bytes = fs.readFileSync(require.resolve(file));
    const font = fontkit.create(bytes) as fontkit.Font;
    map.set(name, { bytes, has: (cp) => font.hasGlyphForCodePoint(cp) });
  }
  loaded = map;
  return map;
}

/** Splits text into runs, each set in one font: Latin first, CJK for what it lacks. */
export function fontRuns(text: string, role: FontRole): Array<{ font: FontName; text: string }> {
  const all = fonts();
  const latin: FontName = `latin-${role}`;
  const cjk: FontName = `cjk-${role}`;
  const runs: Array<{ font: FontName; text: string }> = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const font = all.get(latin)!.has(cp) || !all.get(cjk)!.has(cp) ? latin : cjk;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
