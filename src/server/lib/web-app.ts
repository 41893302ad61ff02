import type { FastifyReply } from 'fastify';

/**
 * The answer to a page URL (a deep link such as /items/AB12, a label the server does not
 * redirect): the built app's index.html, or, without a build, a plain 503 saying how to
 * make one. One place, so every page URL answers alike.
 */
export function sendWebApp(reply: FastifyReply): FastifyReply {
  // app.ts registers @fastify/static (which adds sendFile) only when a build exists.
  if (typeof reply.sendFile !== 'function') {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
  }
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}
