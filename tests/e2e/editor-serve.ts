/**
 * A local services instance in its own process, for the editor's end-to-end tests: they stop it
 * hard (SIGKILL) and start it again on the same data folder to check that nothing saved is lost.
 * Started by editor-kit.ts with `node --import tsx`; prints `READY <url> <session token>` once listening.
 */
import { startServices } from '../../services/index';

const services = await startServices({
  port: Number(process.env.EDITOR_PORT ?? 0),
  host: '127.0.0.1',
  dataDir: process.env.EDITOR_DATA_DIR,
  snippetsDir: process.env.EDITOR_SNIPPETS_DIR,
});
process.stdout.write(`READY ${services.url} ${services.sessionToken}\n`);
process.on('SIGTERM', () => void services.close().then(() => process.exit(0)));
