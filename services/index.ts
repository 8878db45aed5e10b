/**
 * The local services: one node:http server on loopback, used by `npm start` and by the
 * tests alike. Each concern is a route module in services/routes/; add new ones (collector,
 * prediction, second-origin storage page, editor backend) to {@link ROUTE_MODULES}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServicesContext } from './context';
import { isPostgresAddress, openEventStore } from './collector/store';
import { DEFAULT_DATA_DIR, lockDataFolder, STORE_FILE, type DataFolderLock } from './data-folder';
import { createEditorServices } from './editor/editor-services';
import { repairServed } from './editor/install';
import { createServicesSecurity } from './http/security';
import { sendText } from './responses';
import { createRouter, type Router } from './router';
import { assetRoutes } from './routes/assets';
import { clientStorageRoutes } from './routes/client-storage';
import { demoRoutes } from './routes/demo';
import { editorAgentRoutes } from './routes/editor-agent';
import { editorRoutes } from './routes/editor';
import { eventRoutes } from './routes/events';
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
  /**
   * The data folder: the collector's database and the editor's projects (default `.data/`, or
   * `VARIA_DATA_DIR`); null keeps the events in memory and the projects in a temporary folder (tests).
   * One running services process holds a folder at a time (services/data-folder.ts).
   */
  dataDir?: string | null;
  /** The editor's session token; a fresh random one unless given (tests that drive the API from Node). */
  sessionToken?: string;
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
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4477`: the site, the collector and the editor. */
  readonly url: string;
  /** Where the canvas and visitor previews load the site: the same port under `localhost`, another origin. */
  readonly canvasUrl: string;
  /** The editor's session token (what its page carries): for the desktop window and for tests. */
  readonly sessionToken: string;
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
  const { port = 0, host = DEFAULT_HOST, snippetsDir = DEFAULT_SNIPPETS_DIR, collectorOnly = false, database } = options;
  const dataDir = options.dataDir === undefined ? (process.env.VARIA_DATA_DIR || DEFAULT_DATA_DIR) : options.dataDir;
  // Taken first: nothing else in the folder is touched while another process holds it. Collectors on
  // one database server share it by design, and keep nothing in the folder.
  const shared = collectorOnly && !!database && isPostgresAddress(database);
  const lock: DataFolderLock | undefined = dataDir && !shared ? lockDataFolder(dataDir) : undefined;
  // Everything the routes use is made here, in one place, and handed over in the context.
  const opened: Array<{ close(): Promise<void> }> = [];
  try {
    const security = createServicesSecurity(options.sessionToken);
    const events = await openEventStore(database ?? (dataDir ? join(dataDir, STORE_FILE) : undefined));
    opened.push(events);
    const editor = collectorOnly ? undefined : createEditorServices({ dataDir, snippetsDir, security });
    if (editor) opened.unshift(editor);
    const context: ServicesContext = { snippetsDir, dataDir, security, events, editor };
    const router = createRouter();
    for (const addRoutes of collectorOnly ? [eventRoutes] : ROUTE_MODULES) addRoutes(router, context);
    // What the editor published is what is served, whatever rebuilt the folder since (install.ts).
    if (editor) for (const line of await repairServed(editor.workspace)) console.log(`[editor] ${line}`);

    const server = createServer((req, res) => {
      // Every route answers only for the addresses the services listen on (DNS rebinding, forged Host).
      const refusal = security.hostRefusal(req);
      if (refusal) return sendText(res, refusal.status, refusal.message);
      void router.handle(req, res);
    });
    // WebSocket upgrades: only the editor's synchroniser takes them.
    server.on('upgrade', (req, socket, head) => {
      if (security.hostRefusal(req) || !editor?.sync.handleUpgrade(req, socket, head)) socket.destroy();
    });

    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });

    const { port: boundPort } = server.address() as AddressInfo;
    security.bind(boundPort);
    const url = `http://${host}:${boundPort}`;
    lock?.setAddress(url);
    let closing: Promise<void> | undefined;
    return {
      url,
      canvasUrl: security.canvasOrigin,
      sessionToken: security.token,
      close() {
        closing ??= (editor?.close() ?? Promise.resolve())
          .then(() => new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            // Without this, a browser's idle keep-alive connection holds close() open.
            server.closeAllConnections();
          }))
          .then(() => events.close())
          .finally(() => lock?.release());
        return closing;
      },
    };
  } catch (error) {
    // A port already taken (npm start then tries the next) or a database that cannot be opened:
    // nothing of this attempt stays open.
    for (const resource of opened) await resource.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
