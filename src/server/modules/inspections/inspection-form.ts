import type { Readable } from 'node:stream';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_INSPECTION_REQUEST_BYTES,
} from '../../../common/inspections.ts';
import { inspectionFields, type InspectionFields } from '../../../common/schemas/inspection.ts';
import { AppError, badRequest, invalidInput } from '../../errors.ts';
import { detectImageType, processImage } from '../../lib/images.ts';
import { readLimited } from '../uploads/read-limited.ts';

/**
 * The record form of an inspection, read from its multipart body: the fields checked with
 * the contract's schema and every attachment judged by its bytes before anything is
 * stored, so a refused request leaves nothing behind.
 */

export interface PreparedAttachment {
  filename: string;
  content_type: 'application/pdf' | `image/${string}`;
  extension: string;
  bytes: Buffer;
}

export interface InspectionForm {
  fields: InspectionFields;
  attachments: PreparedAttachment[];
}

const TOO_LARGE = 'An attachment is too large: each can be at most 20 MB.';
const NOT_ACCEPTED =
  'An attachment must be a photo (JPEG, PNG, WebP, GIF or AVIF) or a PDF certificate.';

/*
 * A refused attachment is bad input of the record form, so a 400 like its other fields
 * (issue 22: "bad input is a clear 400 with nothing changed"), not the 413/415 of the
 * image upload: the codes tell a program which it was, the message tells people.
 */
const notAccepted = (message = NOT_ACCEPTED) => badRequest(message, 'attachment_type');
const tooLarge = (message = TOO_LARGE) => badRequest(message, 'attachment_too_large');

/**
 * The image check's own refusals, as an attachment's: not an image it takes (415), more
 * pixels than it decodes (422) or too large (413) become the 400s above; a damaged image
 * stays its 400, a busy server its 503.
 */
function asAttachmentError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.status === 415) return notAccepted();
  if (error.status === 413) return tooLarge();
  if (error.status === 422) return tooLarge(error.message);
  return error;
}

/**
 * A PDF, by its bytes: the `%PDF-` header at the start and an `%%EOF` marker near the
 * end (a truncated or renamed file has neither). Its name and declared type are not trusted.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1');
}

/** Whether the client presented the file as a PDF (by name or type). */
const claimsPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** A file name fit to show and to send back in Content-Disposition. */
function cleanName(name: string, fallback: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

async function prepare(file: File, index: number): Promise<PreparedAttachment> {
  if (file.size > MAX_ATTACHMENT_BYTES) throw tooLarge();
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) throw badRequest('An attachment is empty.', 'empty_upload');
  if (isPdf(bytes)) {
    return {
      filename: cleanName(file.name, `certificate-${index + 1}.pdf`),
      content_type: 'application/pdf',
      extension: 'pdf',
      bytes,
    };
  }
  if (claimsPdf(file)) {
    const name = cleanName(file.name, 'The attachment');
    throw notAccepted(`${name} is sent as a PDF, but its contents are not a PDF.`);
  }
  if (!detectImageType(bytes)) throw notAccepted();
  // A photo is stored as images are: auto-rotated, its metadata (GPS) left out.
  const image = await processImage(bytes).catch((error: unknown) => {
    throw asAttachmentError(error);
  });
  const type = image.extension === 'jpg' ? 'jpeg' : image.extension;
  return {
    filename: cleanName(file.name, `photo-${index + 1}.${image.extension}`),
    content_type: `image/${type}`,
    extension: image.extension,
    bytes: image.bytes,
  };
}

/** Text parts as the contract's fields: "" is no value, as a form sends an empty input. */
function fieldsOf(form: FormData): InspectionFields {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name === 'attachments') continue;
    if (typeof value !== 'string') throw badRequest(`${name} must be text, not a file.`);
    if (name in values) throw badRequest(`${name} was sent twice.`);
    if (value !== '' || name === 'kind_id' || name === 'result' || name === 'date') {
      values[name] = value;
    }
  }
  const parsed = inspectionFields.safeParse(values);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

export async function readInspectionForm(
  body: Readable | undefined,
  contentType: string | undefined,
  declaredLength: number | undefined,
  today: string,
): Promise<InspectionForm> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('Send the inspection as multipart/form-data.');
  }
  if (declaredLength !== undefined && declaredLength > MAX_INSPECTION_REQUEST_BYTES) {
    throw tooLarge();
  }
  if (!body) throw badRequest('The request has no body.');
  const raw = await readLimited(body, MAX_INSPECTION_REQUEST_BYTES).catch((error: unknown) => {
    throw asAttachmentError(error);
  });
  let form: FormData;
  try {
    // The platform's own multipart reader (undici), over the bytes already bounded above.
    form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest('The form could not be read (a damaged multipart body).');
  }
  const fields = fieldsOf(form);
  if (fields.date > today) throw badRequest('The inspection date cannot be in the future.');
  const files = form.getAll('attachments');
  if (files.some((f) => typeof f === 'string')) {
    throw badRequest('attachments must be files.');
  }
  if (files.length > MAX_ATTACHMENTS) {
    throw badRequest(`At most ${MAX_ATTACHMENTS} attachments per inspection.`);
  }
  const attachments: PreparedAttachment[] = [];
  for (const [index, file] of (files as File[]).entries()) {
    attachments.push(await prepare(file, index));
  }
  return { fields, attachments };
}
