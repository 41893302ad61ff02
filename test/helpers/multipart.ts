/** A multipart/form-data body as a browser sends it, built by the platform's own FormData. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Array<{ name?: string; filename: string; type: string; bytes: Buffer }> = [],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.name ?? 'attachments',
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.filename,
    );
  }
  const request = new Request('http://multipart.test', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** A small but well-formed PDF (header, one empty page, trailer and %%EOF). */
export function pdfBytes(text = 'Certificate'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}
