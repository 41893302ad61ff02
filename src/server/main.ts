import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin } from './modules/members/members.service.ts';

/** Reads config, migrates, makes the first admin, listens, and shuts down gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await ensureFirstAdmin(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing.`);
    // Fastify answers new requests with 503 while close() waits for in-flight ones.
    const timer = setTimeout(() => {
      app.log.error('Shutdown took longer than 10 s; exiting anyway.');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.productName} is running at ${config.publicUrl} (database: ${database.dialect}).`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
