import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError, sendError } from '../errors.ts';

/**
 * A restart must not reset a request the server already has (docs/decisions.md, Backups,
 * restarts and durability). Closing the listener at once would reset connections still in
 * the kernel's accept queue, and Node's close() destroys every connection with no request
 * *parsed* yet, including those whose request bytes are waiting unread behind a busy event
 * loop. So shutdown first drains: connections accepted from then on get a 503, every
 * response says `Connection: close`, and after a short grace (and one pass of reading the
 * sockets) the listener closes and only truly idle connections are ended.
 */

/** The accept queue counts as empty when no connection came in for this long. */
const QUIET_MS = 100;
/** A client that keeps opening connections is refused after this long. */
const MAX_ACCEPTING_MS = 3000;
/** A connection that sends nothing this long after it was opened is a preconnect. */
const SILENT_CONNECTION_MS = 1000;

const RESTARTING = new AppError(503, 'restarting', 'The server is restarting. Try again shortly.');

interface Connection {
  acceptedAt: number;
  /** Requests begun and not yet answered. */
  inFlight: number;
  served: boolean;
}

interface DrainState {
  since: number | null;
  lastAcceptedAt: number;
  connections: Map<Socket, Connection>;
}

const states = new WeakMap<FastifyInstance, DrainState>();

export function registerGracefulShutdown(app: FastifyInstance): void {
  const state: DrainState = { since: null, lastAcceptedAt: 0, connections: new Map() };
  states.set(app, state);
  app.server.on('connection', (socket: Socket) => {
    state.lastAcceptedAt = performance.now();
    state.connections.set(socket, { acceptedAt: state.lastAcceptedAt, inFlight: 0, served: false });
    socket.once('close', () => state.connections.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = state.connections.get(req.socket as Socket);
    if (!connection) return;
    connection.inFlight++;
    connection.served = true;
    res.once('close', () => connection.inFlight--);
  });

  // Once app.close() runs, a request still arriving (pipelined behind one in flight) is
  // refused here too; Fastify's own 503 (return503OnClosing, off in app.ts) has another shape.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    if (state.since === null && !closing) return;
    // New work: the app is closing, or the connection was opened after shutdown began.
    const acceptedAt = state.connections.get(req.raw.socket as Socket)?.acceptedAt ?? 0;
    if (closing || (state.since !== null && acceptedAt > state.since)) {
      reply.header('connection', 'close').header('retry-after', '5');
      return sendError(reply, RESTARTING);
    }
  });
  // Callback form: it waits for nothing (plugins/security.ts says why).
  app.addHook('onSend', (_req, reply, payload, done) => {
    // Ends a keep-alive connection right after its answer, never between request and answer.
    if (state.since !== null) reply.header('connection', 'close');
    done(null, payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drains, then closes: resolves once every request already received has its answer and
 * every connection is closed, then runs the app's own close (database, mail).
 */
export async function closeGracefully(app: FastifyInstance) {
  const state = states.get(app);
  if (state && app.server.listening) {
    const since = performance.now();
    state.since = since;
    // Connections already in the accept queue are taken in (and answered 503) until it is
    // empty: closing the listener would reset them. Each check waits for a loop turn that
    // reads sockets (timers run before it), so a busy loop is not mistaken for a quiet one.
    for (;;) {
      const before = state.lastAcceptedAt;
      await sleep(QUIET_MS);
      await new Promise((resolve) => setImmediate(resolve));
      const quiet = state.lastAcceptedAt === before;
      if (quiet || performance.now() - since > MAX_ACCEPTING_MS) break;
    }
    // Stop listening without Node's http close, which would end connections whose
    // request is still unread.
    await new Promise<void>((resolve) => {
      net.Server.prototype.close.call(app.server, () => resolve());
      // Resolves when the last connection closes; the loop below makes that happen.
      void drainConnections(state).then(resolve);
    });
  }
  await app.close();
}

/** Ends each connection once it is idle between requests; waits for the busy ones. */
async function drainConnections(state: DrainState): Promise<void> {
  while (state.connections.size > 0) {
    const now = performance.now();
    for (const [socket, connection] of state.connections) {
      const silent = !connection.served && now - connection.acceptedAt > SILENT_CONNECTION_MS;
      if (connection.inFlight === 0 && (connection.served || silent)) socket.destroySoon();
    }
    await sleep(20);
  }
}
