import { isLoopbackHttpUrl } from './url-policy';

/** Default address of the local services (`npm start`), when the main process was not told another. */
export const DEFAULT_SERVICES_URL = 'http://127.0.0.1:4477';

/** Environment variable `npm start` sets to the services' address before starting Electron. */
export const SERVICES_URL_ENV = 'VARIA_SERVICES_URL';

/**
 * The local services' address: what `npm start` passed in the environment when it is a loopback URL
 * (the services only ever listen there), else the default port.
 */
export function getServicesUrl(env: NodeJS.ProcessEnv = process.env): string {
  const given = env[SERVICES_URL_ENV];
  return given && isLoopbackHttpUrl(given) ? given.replace(/\/$/, '') : DEFAULT_SERVICES_URL;
}
