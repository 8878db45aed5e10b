/**
 * Locating (and, when missing, installing) the Chromium that Vitest browser mode and
 * Playwright drive. Playwright's own browser download is blocked on some machines, so the
 * system Chromium comes first and Playwright's cache last. Of the system's, Debian's headless shell
 * (package `chromium-headless-shell`, the same engine without the browser's window, profile and UI
 * layers, as Playwright's own headless runs use) comes before the full browser: a test page costs it
 * well under half the CPU (eight homepage visits, each in a new context: 12.9 s against 30.2 s on a
 * 2-core machine), which is most of the end-to-end suite's time. The full browser is kept for what
 * only it has, such as Chrome's default blocking of third-party storage ({@link findFullChromium}).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright';

/**
 * Launch flags for every Chromium the tests start. `--no-sandbox` because CI runs as root;
 * the `--disable-*` networking flags because a closed network otherwise refuses Chromium's
 * background connections, many at a time, and slows every start.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** System locations checked after `CHROMIUM_PATH`, in order. */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const SYSTEM_CHROMIUM_PATHS = [HEADLESS_SHELL_PATH, ...FULL_CHROMIUM_PATHS];
/** Debian's packages: the shell the tests drive, and the full browser for the few tests of its own behaviour. */
const APT_PACKAGES = ['chromium-headless-shell', 'chromium'];

const LOG_PREFIX = '[chromium]';

/**
 * Finds a Chromium executable without installing anything.
 *
 * Checks, in order: the `CHROMIUM_PATH` environment variable, `/usr/bin/chromium`,
 * `/usr/bin/chromium-browser`, then Playwright's own browser cache.
 *
 * @returns the absolute path of an existing executable, or `undefined` when none is found.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const candidate of SYSTEM_CHROMIUM_PATHS) {
    if (existsSync(candidate)) return candidate;
  }
  return findPlaywrightChromium();
}

/**
 * The full Chromium browser (not the headless shell), for tests of what the browser does beyond the
 * engine (its default third-party storage blocking); the Chromium {@link findChromium} finds otherwise.
 */
export function findFullChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv) && !fromEnv.endsWith('headless-shell')) return fromEnv;
  return FULL_CHROMIUM_PATHS.find((candidate) => existsSync(candidate)) ?? findPlaywrightChromium() ?? findChromium();
}

/** Playwright's cached Chromium, if it has been downloaded. */
function findPlaywrightChromium(): string | undefined {
  try {
    const cached = chromium.executablePath();
    return cached && existsSync(cached) ? cached : undefined;
  } catch {
    // executablePath() throws when Playwright knows no Chromium build for this platform.
    return undefined;
  }
}

/**
 * Prints the version of the Chromium at `path`, as a quick proof that it starts at all.
 *
 * @returns the version line, or `undefined` when the binary did not answer.
 */
export function chromiumVersion(path: string): string | undefined {
  const result = spawnSync(path, ['--version', ...CHROMIUM_ARGS], { encoding: 'utf8', timeout: 15_000 });
  if (result.status !== 0) return undefined;
  return result.stdout.trim() || undefined;
}

/** True on Debian, Ubuntu and their derivatives, where apt-get can install `chromium`. */
function isDebianLike(): boolean {
  if (existsSync('/etc/debian_version')) return true;
  try {
    const osRelease = readFileSync('/etc/os-release', 'utf8');
    return /^ID(_LIKE)?=.*\b(debian|ubuntu)\b/m.test(osRelease);
  } catch {
    return false;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Runs a command with the terminal attached; true when it exited with status 0. */
function runStep(command: string, args: string[], env?: NodeJS.ProcessEnv): boolean {
  console.log(`${LOG_PREFIX} $ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    // npx is a .cmd shim on Windows and needs a shell there.
    shell: process.platform === 'win32',
  });
  if (result.error) console.log(`${LOG_PREFIX} could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

function installWithApt(): boolean {
  console.log(`${LOG_PREFIX} installing Debian's ${APT_PACKAGES.join(' and ')} packages with apt-get (running as root)...`);
  if (!runStep('apt-get', ['update'])) {
    console.log(`${LOG_PREFIX} apt-get update failed.`);
    return false;
  }
  const installed = runStep('apt-get', ['install', '-y', ...APT_PACKAGES], { DEBIAN_FRONTEND: 'noninteractive' });
  if (!installed) console.log(`${LOG_PREFIX} apt-get install ${APT_PACKAGES.join(' ')} failed.`);
  return installed;
}

function installWithPlaywright(): boolean {
  console.log(`${LOG_PREFIX} downloading Playwright's Chromium (npx playwright install chromium)...`);
  const installed = runStep('npx', ['--no-install', 'playwright', 'install', 'chromium']);
  if (!installed) console.log(`${LOG_PREFIX} Playwright's download failed (the machine may not reach its CDN).`);
  return installed;
}

/**
 * Makes sure a Chromium is available, installing one when none is found: with apt-get when
 * running as root on Debian or Ubuntu, otherwise (or if that fails) with Playwright's own
 * download. Fast and silent apart from one line when Chromium is already present.
 *
 * @returns the path of the Chromium found or installed.
 * @throws an Error explaining what was tried when no Chromium could be found or installed.
 */
export function ensureChromium(): string {
  let existing = findChromium();
  if (existing && !existsSync(HEADLESS_SHELL_PATH) && !process.env.CHROMIUM_PATH && isRoot() && isDebianLike()) {
    // A machine set up with the full browser only: add the shell the tests run faster on, or go on without it.
    console.log(`${LOG_PREFIX} found ${existing} but not the headless shell the tests use.`);
    if (installWithApt()) existing = findChromium();
  }
  if (existing) {
    console.log(`${LOG_PREFIX} using ${existing}`);
    return existing;
  }
  console.log(
    `${LOG_PREFIX} no Chromium found (checked CHROMIUM_PATH, ${SYSTEM_CHROMIUM_PATHS.join(', ')} and Playwright's cache).`,
  );

  const tried: string[] = [];
  if (isRoot() && isDebianLike()) {
    tried.push('apt-get install chromium');
    if (installWithApt()) {
      const installed = findChromium();
      if (installed) {
        console.log(`${LOG_PREFIX} installed ${installed}`);
        return installed;
      }
      console.log(`${LOG_PREFIX} apt-get succeeded but no chromium executable appeared; trying Playwright next.`);
    }
  } else {
    console.log(`${LOG_PREFIX} not root on Debian/Ubuntu, so apt-get is skipped.`);
  }

  tried.push('npx playwright install chromium');
  if (installWithPlaywright()) {
    const downloaded = findChromium();
    if (downloaded) {
      console.log(`${LOG_PREFIX} installed ${downloaded}`);
      return downloaded;
    }
  }

  throw new Error(
    [
      `No Chromium could be found or installed (tried: ${tried.join('; ')}).`,
      'Install one yourself, then run `npm run chromium` again:',
      '  - Debian/Ubuntu: sudo apt-get install -y chromium',
      '  - or: npx playwright install chromium',
      '  - or point CHROMIUM_PATH at an existing Chromium or Chrome executable.',
    ].join('\n'),
  );
}
