/**
 * `npm start`: builds every project's snippet, then serves the local services on loopback
 * until Ctrl+C (or SIGTERM) stops them.
 */
import { isDatabaseError } from '../services/collector/store';
import { dataFolderBusyReason, DataFolderBusy } from '../services/data-folder';
import { DEFAULT_DATA_DIR } from '../services/data-folder';
import { listSnippets } from '../services/snippets';
import { DEFAULT_SNIPPETS_DIR, startServices, type RunningServices } from '../services/index';
import { openEditor } from './lib/desktop-launch';
import { runNpmScript } from './lib/run-command';

const DEFAULT_PORT = 4477;

/** Reads PORT from the environment; invalid values fall back to the default, with a note. */
function requestedPort(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (Number.isInteger(port) && port >= 0 && port <= 65_535) return port;
  console.warn(`PORT=${raw} is not a valid port; using ${DEFAULT_PORT}.`);
  return DEFAULT_PORT;
}

/** How many ports after the requested one are tried before giving up. */
const PORT_ATTEMPTS = 20;

/**
 * Starts on the requested port or, when it is taken, on the next free one after it (4477, 4478, ...),
 * so the address stays predictable; port 0 lets the system choose.
 */
async function startOnPreferredPort(port: number): Promise<RunningServices> {
  for (let candidate = port; ; candidate++) {
    try {
      // VARIA_COLLECTOR_DATABASE: the collector's database (a postgres:// address or a SQLite file) instead of .data/.
      const services = await startServices({ port: candidate, host: '127.0.0.1', database: process.env.VARIA_COLLECTOR_DATABASE || undefined });
      if (candidate !== port) console.warn(`Port ${port} is in use; started on port ${candidate} instead.`);
      return services;
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || port === 0 || candidate >= Math.min(port + PORT_ATTEMPTS, 65_535)) throw error;
    }
  }
}

async function main(): Promise<void> {
  // Before anything is rebuilt: the folder may be another running process's.
  const busy = dataFolderBusyReason(process.env.VARIA_DATA_DIR || DEFAULT_DATA_DIR);
  if (busy) {
    console.error(busy);
    process.exit(1);
  }
  console.log('Building snippets (npm run build:snippets)...');
  const buildStatus = await runNpmScript('build:snippets');
  if (buildStatus !== 0) {
    console.error(`\nThe snippet build failed (exit ${buildStatus}); the services were not started.`);
    process.exit(buildStatus);
  }

  const services = await startOnPreferredPort(requestedPort());
  const snippets = await listSnippets(DEFAULT_SNIPPETS_DIR);
  const lines = [
    '',
    // The homepage project on its stand-in page comes first: it is what `npm start` opens on.
    `Homepage: ${services.url}/   (locales: /pt-br /de-de /es /ko-kr /ja-jp /zh-cn /fr-fr /it-it)`,
    `Varia local services: ${services.url}/projects   (every built snippet and its demo page)`,
    // The real projects' demo pages; the test fixtures' are listed at /projects.
    ...snippets.filter(({ projectId }) => !projectId.startsWith('e2e-')).map(({ projectId }) => `  demo ${projectId.padEnd(16)} ${services.url}/demo/${projectId}`),
    '',
    'Press Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));

  // The editor (EDT-1): the desktop window where Electron can start, else web mode and why.
  const editor = await openEditor(services.url);
  console.log(
    editor.mode === 'desktop'
      ? `Editor: desktop window opened (web mode too: ${services.url}/editor/)`
      : `Editor (web mode): ${services.url}/editor/\n  The desktop window did not open: ${editor.reason}`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A second Ctrl+C while closing should not start a second close.
    if (stopping) return;
    stopping = true;
    if (editor.mode === 'desktop') editor.child.kill();
    console.log(`\n${signal} received: stopping the local services...`);
    services.close().then(
      () => {
        console.log('Local services stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Closing the services failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // A busy data folder, or a database that cannot be reached, is said in one line, not a stack.
  console.error('npm start failed:', error instanceof DataFolderBusy || isDatabaseError(error) ? (error as Error).message : error);
  process.exit(1);
});
