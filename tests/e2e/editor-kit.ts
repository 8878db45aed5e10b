/**
 * Helpers of the editor's end-to-end tests (web mode): each test runs its own services process on
 * its own data folder and its own copy of the built snippets, so publishing never touches
 * dist/snippets/ and tests can kill and restart the backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEFAULT_SNIPPETS_DIR } from '../../services/index';

export { editorApi } from '../support/editor-client';

/** A running services process with its folders. */
export interface EditorServices {
  url: string;
  /** The editor's session token (what the editor page carries; the API answers nothing without it). */
  token: string;
  port: number;
  dataDir: string;
  snippetsDir: string;
  /** Stops it: SIGTERM (clean close) or SIGKILL (as a crash). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** The project the editor tests author in: the homepage project when it exists, else the example. */
export const PROJECT = existsSync(join(import.meta.dirname, '../../config/homepage/project.ts')) ? 'homepage' : 'example';

/** Starts services; pass the folders (and port) of a stopped instance to restart it. */
export async function startEditorServices(reuse?: Pick<EditorServices, 'dataDir' | 'snippetsDir'> & { port?: number }): Promise<EditorServices> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'varia-editor-e2e-'));
  let snippetsDir = reuse?.snippetsDir;
  if (!snippetsDir) {
    snippetsDir = join(dataDir, 'snippets');
    cpSync(DEFAULT_SNIPPETS_DIR, snippetsDir, { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'editor-serve.ts')], {
    env: { ...process.env, EDITOR_DATA_DIR: dataDir, EDITOR_SNIPPETS_DIR: snippetsDir, EDITOR_PORT: String(reuse?.port ?? 0) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [url, token] = await new Promise<[string, string]>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+) (\S+)/.exec(output);
      if (ready) resolve([ready[1], ready[2]]);
    });
    child.once('exit', (code) => reject(new Error(`the services exited (${code}) before listening: ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    token,
    port: Number(new URL(url).port),
    dataDir,
    snippetsDir,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Opens a project in the editor and waits until its tree is there and it is connected. */
export async function openProject(page: Page, services: EditorServices, projectId = PROJECT, view = 'design'): Promise<void> {
  await page.goto(`${services.url}/editor/#/p/${projectId}/${view}`);
  await expect(page.locator('[data-node="settings:project"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-status="connection"]')).toHaveText(/Connected/, { timeout: 30_000 });
}

/** Waits until the status bar says every edit is saved by the backend. */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.locator('[data-status="saved"]')).toHaveText('All changes saved', { timeout: 10_000 });
}

/** Adds an entity through a section's or a row's "Add" button and names it. */
export async function addAndName(page: Page, addButton: string, name: string): Promise<void> {
  await page.getByRole('button', { name: addButton, exact: true }).click();
  const input = page.locator('.tree-row__rename');
  await input.fill(name);
  await input.press('Enter');
  await expect(page.locator('.tree-row__name', { hasText: name }).first()).toBeVisible();
}

/** The served snippet's text. */
export async function servedSnippet(services: EditorServices, projectId = PROJECT): Promise<string> {
  const response = await fetch(`${services.url}/snippets/${projectId}.js`);
  return response.text();
}
