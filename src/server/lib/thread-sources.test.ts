import { describe, expect, it } from 'vitest';
import { threadSources } from './thread-sources.ts';

const here = (path: string) => new URL(path, import.meta.url);
const names = (sources: Record<string, string>) =>
  Object.keys(sources).map((href) => href.split('/src/')[1]);
const importsZod = (sources: Record<string, string>) =>
  Object.entries(sources)
    .filter(([, js]) => /from\s*['"]zod['"]/.test(js))
    .map(([href]) => href.split('/src/')[1]);

// docs/decisions.md, "Security: memory of the server": a thread given all its modules does
// not load the type stripper, and a thread without zod saves about 10 MB.
describe('the modules handed to a worker thread', () => {
  it('are every TypeScript module the CSV thread imports, stripped, without zod', () => {
    const sources = threadSources([
      here('./worker-jobs.ts'),
      here('../modules/import/csv-parse-jobs.ts'),
    ]);
    expect(names(sources)).toEqual(
      expect.arrayContaining([
        'server/lib/worker-jobs.ts',
        'server/modules/import/csv-parse-jobs.ts',
        'server/modules/import/csv-read.ts',
        'server/modules/import/mapping.ts',
        'server/modules/import/csv-formulas.ts',
        'common/schemas/import-limits.ts',
        'server/errors.ts',
      ]),
    );
    expect(names(sources)).not.toContain('common/schemas/import.ts');
    expect(importsZod(sources)).toEqual([]);
    const read = sources[here('../modules/import/csv-read.ts').href]!;
    expect(read).not.toMatch(/:\s*CsvParser\b|type ImportQuery/);
  });

  it('leave zod out of the SQLite read threads and the PDF threads', () => {
    expect(importsZod(threadSources([here('../db/read-worker.ts')]))).toEqual([]);
    const pdf = threadSources([here('./worker-jobs.ts'), here('../modules/printing/pdf-jobs.ts')]);
    expect(names(pdf)).toContain('server/modules/printing/label-pdf.ts');
    expect(importsZod(pdf)).toEqual([]);
  });
});
