/**
 * Running child processes from the project's scripts with the terminal attached, so their
 * own output (colours, progress) reaches the user unchanged.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's location, so scripts work from any cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Options of {@link runCommand}. */
export interface RunCommandOptions {
  /** Extra environment variables on top of this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Working directory; the repository root by default. */
  cwd?: string;
}

/**
 * Runs a command with inherited stdio and waits for it.
 *
 * @returns the exit status (1 when the process could not start or died from a signal).
 */
export function runCommand(command: string, args: readonly string[], options: RunCommandOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: 'inherit',
      // npm and the node_modules/.bin shims are .cmd files on Windows and need a shell there.
      shell: process.platform === 'win32',
    });
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs a command with its output (stdout and stderr, interleaved as written) kept rather than shown,
 * for steps that run beside another whose output is streamed.
 *
 * @returns the exit status (1 when the process could not start or died from a signal) and the output.
 */
export function runCommandQuietly(command: string, args: readonly string[], options: RunCommandOptions = {}): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const keep = (chunk: Buffer) => void (output += chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.once('error', (error) => resolve({ status: 1, output: `${output}Could not run ${command}: ${error.message}\n` }));
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** Runs `npm run <script>` in the repository; resolves to its exit status. */
export function runNpmScript(script: string, options: RunCommandOptions = {}): Promise<number> {
  return runCommand('npm', ['run', script], options);
}

/** The path of a locally installed tool's executable in node_modules/.bin. */
export function localBin(name: string): string {
  return join(REPO_ROOT, 'node_modules', '.bin', name);
}
