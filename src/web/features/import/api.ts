import { importApi } from '../../../common/api/import.ts';
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportPreview,
} from '../../../common/schemas/import.ts';
import { apiErrorOf, endpointUrl } from '../../lib/api.ts';

/** Field → the file's column for it ('' leaves the field out). */
export type ColumnMapping = Partial<Record<ImportField, string>>;

export interface ImportRequest {
  file: Blob;
  filename: string;
  mapping: ColumnMapping;
  dryRun: boolean;
  validOnly?: boolean;
  /** The answer to the preview's "Reserved for … Pack it anyway?" rows. */
  packAnyway?: boolean;
}

/** How far an import is: the file going up (0–1), then the server at work. */
export type ImportProgress = { phase: 'upload'; fraction: number } | { phase: 'server' };

/**
 * Sends the CSV to POST /inventory/import. Through XMLHttpRequest rather than fetch, for
 * its upload progress events: fetch reports none for a request body
 * (docs/decisions.md#import-page). Every field of the mapping goes out explicitly, so
 * what the preview showed is what is imported.
 */
export function sendImport(
  request: ImportRequest,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportPreview> {
  const query: Record<string, string | undefined> = {
    dry_run: request.dryRun ? 'true' : undefined,
    valid_only: request.validOnly ? 'true' : undefined,
    pack_anyway: request.packAnyway ? 'true' : undefined,
    filename: request.filename.slice(0, 200) || undefined,
  };
  for (const field of IMPORT_FIELDS) {
    const column = request.mapping[field];
    if (column !== undefined) query[`map.${field}`] = column;
  }
  const url = endpointUrl(importApi.import, { query: {} });
  const search = new URLSearchParams();
  // Empty values are kept here: map.note= leaves the note out.
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${url}?${search.toString()}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ phase: 'upload', fraction: e.loaded / e.total });
    };
    xhr.upload.onload = () => onProgress?.({ phase: 'server' });
    xhr.onload = () => {
      if (xhr.status >= 400) reject(apiErrorOf(xhr.status, xhr.responseText || xhr.statusText));
      else {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportPreview);
        } catch {
          reject(new Error('The server answered something that is not an import result.'));
        }
      }
    };
    xhr.onerror = () =>
      reject(
        new Error(
          'The connection dropped before the server answered. Nothing was changed unless the import had finished: check the inventory, then try again.',
        ),
      );
    xhr.send(request.file);
  });
}
