/**
 * The local services: one node:http server on loopback, used by `npm start` and by the
 * tests alike. Each concern is a route module in services/routes/; add new ones (collector,
 * prediction, second-origin storage page, editor backend) to {@link ROUTE_MODULES}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ServicesContext } from './context';
import { createRouter, type Router } from './router';
import { assetRoutes } from './routes/assets';
import { clientStorageRoutes } from './routes/client-storage';
import { demoRoutes } from './routes/demo';
import { editorAgentRoutes } from './routes/editor-agent';
import { closeEditor, editorRoutes, handleEditorUpgrade } from './routes/editor';
import { closeEventStore, eventRoutes, eventStoreOf } from './routes/events';
import { flickerRoutes } from './routes/flicker';
import { homeRoutes } from './routes/home';
import { homepageRoutes } from './routes/homepage';
import { homepagePreviewRoutes } from './routes/homepage-preview';
import { homepageAssetRoutes } from './routes/homepage-assets';
import { predictRoutes } from './routes/predict';
import { redirectRoutes } from './routes/redirect';
import { sheetRoutes } from './routes/sheets';
import { snippetFileRoutes } from './routes/snippet-files';
import { spaRoutes } from './routes/spa';

/** Options of {@link startServices}. */
export interface StartServicesOptions {
  /** Port to listen on; 0 (the default) picks a free port. Rejects if the port is taken. */
  port?: number;
  /** Loopback only: the services are never exposed beyond this machine. */
  host?: '127.0.0.1';
  /** Where the built snippets are; defaults to dist/snippets/ in the repository. */
  snippetsDir?: string;
  /** Where the collector keeps its database (default `.data/`); null keeps it in memory (tests). */
  dataDir?: string | null;
  /**
   * The collector's database instead of `<dataDir>/collector.sqlite`: a `postgres://` address
   * (PostgreSQL, shared by several collector processes) or a SQLite file path. `npm start` and
   * `npm run collector` pass `VARIA_COLLECTOR_DATABASE` here.
   */
  database?: string;
  /** Serve the collector's routes only (`npm run collector`): no homepage, demos or editor. */
  collectorOnly?: boolean;
}

/** A running services instance. */
export interface RunningServices {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4477`. */
  readonly url: string;
  /** Stops the server, dropping open keep-alive connections; resolves when it is closed. */
  close(): Promise<void>;
}

/** A route module: adds its routes to the router. */
type RouteModule = (router: Router, context: ServicesContext) => void;

/** Every route module, in the order their routes are matched. */
const ROUTE_MODULES: readonly RouteModule[] = [assetRoutes, homeRoutes, homepageRoutes, homepagePreviewRoutes, snippetFileRoutes, demoRoutes, clientStorageRoutes, flickerRoutes, spaRoutes, redirectRoutes, predictRoutes, eventRoutes, homepageAssetRoutes, sheetRoutes, editorAgentRoutes, editorRoutes];

const DEFAULT_HOST = '127.0.0.1';

/** dist/snippets/ of this repository, found from this file's location rather than the cwd. */
export const DEFAULT_SNIPPETS_DIR = fileURLToPath(new URL('../dist/snippets/', import.meta.url));

/**
 * Starts the local services on loopback.
 *
 * @returns the base URL and a `close` function, once the collector's database is open and the server is listening.
 * @throws (rejects) when the port cannot be bound, e.g. `EADDRINUSE`, or the collector's database cannot be opened (the message names it).
 */
export async function startServices(options: StartServicesOptions = {}): Promise<RunningServices> {
  const { port = 0, host = DEFAULT_HOST, snippetsDir = DEFAULT_SNIPPETS_DIR, collectorOnly = false } = options;
  const context: ServicesContext = { snippetsDir, dataDir: options.dataDir, database: options.database };
  const router = createRouter();
  for (const addRoutes of collectorOnly ? [eventRoutes] : ROUTE_MODULES) addRoutes(router, context);
  try {
    await eventStoreOf(context);
  } catch (error) {
    await closeEditor(context);
    throw error;
  }

  const server = createServer((req, res) => {
    void router.handle(req, res);
  });
  // WebSocket upgrades: only the editor's synchroniser takes them.
  server.on('upgrade', (req, socket, head) => {
    if (collectorOnly || !handleEditorUpgrade(context, req, socket, head)) socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    // A port that cannot be bound: what was opened for this instance is closed before the rejection.
    const fail = (error: Error) => void Promise.all([closeEditor(context), closeEventStore(context)]).finally(() => reject(error));
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });

  const { port: boundPort } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${boundPort}`,
    close() {
      closing ??= closeEditor(context).then(() => new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Without this, a browser's idle keep-alive connection holds close() open.
        server.closeAllConnections();
      })).then(() => closeEventStore(context));
      return closing;
    },
  };
}
