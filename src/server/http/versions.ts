import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * The version an update was made from (docs/decisions.md, "Versions and conflicts"):
 * the body's `version` field or the `If-Match` header (our ETags are `"<version>"`; a weak
 * `W/"3"` or a bare `3` are read the same, `*` means "any"). Both given must agree.
 */
export function expectedVersionOf(req: FastifyRequest, body: unknown): number | undefined {
  const fromBody =
    typeof body === 'object' && body !== null && 'version' in body
      ? (body as { version?: unknown }).version
      : undefined;
  const fromHeader = parseIfMatch(req.headers['if-match']);
  if (typeof fromBody === 'number' && fromHeader !== undefined && fromBody !== fromHeader) {
    throw badRequest('The version in the body and the If-Match header disagree.');
  }
  return typeof fromBody === 'number' ? fromBody : fromHeader;
}

function parseIfMatch(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*' || value === '') return undefined;
  const match = /^(?:W\/)?"?([1-9][0-9]{0,14})"?$/.exec(value);
  if (!match) throw badRequest('If-Match must be one ETag this API gave out, such as "3".');
  return Number(match[1]);
}

/** Single answers carrying a version also carry it as their ETag. */
export function setVersionTag(reply: FastifyReply, answer: unknown): void {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return;
  const version = (answer as { version?: unknown }).version;
  if (typeof version === 'number') reply.header('ETag', `"${version}"`);
}
