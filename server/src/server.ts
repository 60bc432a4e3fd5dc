import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  let closing = false;
  // Close the database cleanly so nothing written to the embedded database is lost.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // A second server on the same PGlite folder: one clear line, nothing touched (docs/operations.md).
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
