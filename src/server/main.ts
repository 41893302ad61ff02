import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { closeGracefully } from './plugins/graceful-shutdown.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { backupBeforeMigrating } from './backup/before-migrate.ts';
import { ensureFirstAdmin } from './modules/members/members.service.ts';
import { openStorage } from './lib/open-storage.ts';
import { reportStorageAtStart } from './lib/storage-check.ts';

/** Reads config, migrates, makes the first admin, listens, and shuts down gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  const storage = openStorage(config);
  const backup = await backupBeforeMigrating(
    { database, dataDir: config.dataDir, storage },
    config.backupKeep,
  );
  await migrateToLatest(database).catch((err: unknown) => {
    if (!backup) throw err;
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\nThe database as it was before is ` +
        `backed up in ${backup.folder}: restore it with the previous version to roll back.`,
    );
  });
  const app = await buildApp(config, { database, storage });
  await reportStorageAtStart(app);
  if (backup) {
    app.log.info(
      `Backed up the database into ${backup.folder} before migrating (${backup.pending.join(', ')}).`,
    );
  }
  await ensureFirstAdmin(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing.`);
    // New connections get 503 while the requests already received are answered.
    const timer = setTimeout(() => {
      app.log.error('Shutdown took longer than 10 s; exiting anyway.');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await closeGracefully(app);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.reads.warm();
  app.log.info(
    `${config.productName} is running at ${config.publicUrl} (database: ${database.dialect}).`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
