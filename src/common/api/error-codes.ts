/**
 * Every `error.code` the API answers with (`{error: {code, message}}`). A closed set: the
 * server's `AppError` takes only these, the error body's schema (and so openapi.json) lists
 * them, and the web's `ApiError` carries one, so both sides can switch on a code and the
 * compiler finds every place a new or renamed code matters. The message is for people; the
 * code is for programs.
 */
export const errorCodes = [
  // Any route, by status.
  'bad_request', // 400: a request the server cannot read (no body expected, malformed URL)
  'invalid_input', // 400: params, query or body refused by the endpoint's contract
  'unauthorized', // 401: sign in first
  'forbidden', // 403: signed in, without the permission (or a cross-site write)
  'not_found', // 404: no such record, file or endpoint
  'method_not_allowed', // 405
  'conflict', // 409: generic, or a stale version (then with `current`)
  'too_large', // 413: body or file over the limit
  'too_long', // 414: the address is too long
  'unsupported_type', // 415
  'rate_limited', // 429
  'internal', // 500: our bug; details go to the log only
  'unavailable', // 503: the database does not answer
  'busy', // 503: too many heavy jobs at once (image decoding, PDFs)
  'restarting', // 503: the server is shutting down; try again shortly
  'storage_unavailable', // 503: the file store (folder or bucket) cannot be used right now

  // Members and sign-in.
  'invalid_token', // 400: a verification or reset link that is wrong or expired
  'wrong_password', // 400: changing one's own password with a wrong current one
  'email_taken', // 409
  'self_delete', // 409
  'last_admin', // 409

  // Uploads, images, CSV import and backups.
  'empty_upload', // 400
  'upload_interrupted', // 400
  'unknown_upload', // 400: an image naming a file that was never uploaded
  'upload_in_use', // 409
  'damaged_image', // 400
  'too_many_pixels', // 422
  'empty_file', // 400: a CSV without rows or header
  'invalid_csv', // 400
  'import_invalid', // 400: a CSV whose rows were refused (the message lists them)
  'import_running', // 429: another CSV import is running on this server (with Retry-After)
  'bad_backup', // 400 (command line)
  'attachment_type', // 400: an inspection attachment that is neither a photo nor a PDF, by its bytes
  'attachment_too_large', // 400: an inspection attachment over 20 MB (or a photo of too many pixels)

  // Inventory rules.
  'in_use', // 409: a client, location or component type still used
  'container_loop', // 409
  'container_depth', // 409
  'out_on_job', // 409
  'job_closed', // 409
  'wrong_stage', // 409: a job not in the stage the action needs
  'empty_job', // 409
  'not_on_job', // 409
  'label_changed', // 409: a label moved while the request ran
  'already_required', // 409
  'inspection_due', // 409: dispatch with a blocking inspection overdue or a failed item (override with a note)
  'dates_needed', // 409: reserving a job without both dates
  'overbooked', // 409: the write would hold kit another job holds for an overlapping window
  'reserved_elsewhere', // 409: packing an item another overlapping job holds; resend with pack_anyway
  'stocktake_finished', // 409: scanning into, moving in or finishing a finished stock-take
  'not_wrong_place', // 409: moving an item this stock-take did not scan in the wrong place

  // Webhooks.
  'url_refused', // 400: a webhook URL pointing at a private, loopback or link-local address
  'webhook_disabled', // 409: resending to an endpoint that is disabled

  // Idempotency-Key.
  'invalid_idempotency_key', // 400
  'idempotency_key_reused', // 422: the same key for a different request
  'idempotency_in_progress', // 409: the first request with this key is still running
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known: ReadonlySet<string> = new Set(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}
