/**
 * The canvas (EDT-26, issue 20's figures), on the local services in this process, in Chromium:
 * - the homepage in editor mode on the canvas: from opening the project in the editor (web mode) to the
 *   agent answering (the picker can be turned on); target 1.5 s; interleaved with its peer, the same
 *   opening with the canvas loaded only once shown (`canvas_preload=off`);
 * - the highlight following the pointer on a 2000-element page: the agent's pointer handler plus the
 *   style and layout of the outline (forced by reading it back), per move onto an element not hovered
 *   before (its selector computed then); target one frame, 16 ms;
 * - live preview of one edit: a text change previewed by the agent (the previous preview undone first),
 *   until the page shows it; target 50 ms.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { DEFAULT_SNIPPETS_DIR, startServices } from '../../../services/index';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { ensureDesktopBuild } from '../../../scripts/lib/desktop-launch';
import type { BenchRow, BenchSuite } from '../table';

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
/** A canvas session in the page's hash (the agent talks to a desktop host when the page is not framed). */
const SESSION = '#varia_editor_token=0123456789abcdef0123456789abcdef&varia_editor_origin=http://127.0.0.1';

type AgentWindow = Window & {
  __variaAgentRunning: {
    picker: { setOn(on: boolean): void; overlay: { host: HTMLElement } };
    handle(message: unknown): void;
  };
};

export const editorCanvasBench: BenchSuite = {
  name: 'editor-canvas',
  title: 'Editor canvas: homepage in editor mode, highlight on 2000 elements, live preview of one edit',
  run: async () => {
    if (!(await ensureDesktopBuild())) throw new Error('npm run build:desktop failed');
    const dir = mkdtempSync(join(tmpdir(), 'varia-canvas-bench-'));
    cpSync(DEFAULT_SNIPPETS_DIR, join(dir, 'snippets'), { recursive: true });
    const services = await startServices({ dataDir: join(dir, 'data'), snippetsDir: join(dir, 'snippets') });
    const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
    const rows: BenchRow[] = [];
    try {
      // The services load the agent (from its build cache) when they start, as `npm start` does.
      // Interleaved with the same opening without the canvas preload (`canvas_preload=off`), its peer.
      const opens: number[] = [];
      const unpreloaded: number[] = [];
      const open = async (query: string) => {
        const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
        const started = performance.now();
        await page.goto(`${services.url}/editor/${query}#/p/homepage/design`);
        await page.getByRole('button', { name: 'Pick element' }).waitFor({ state: 'visible', timeout: 60_000 });
        await page.waitForFunction(() => (document.querySelector('.cv-pick') as HTMLButtonElement | null)?.disabled === false, undefined, { timeout: 60_000, polling: 10 });
        const ms = performance.now() - started;
        await page.close();
        return ms;
      };
      // Alternating which goes first (the very first opening imports the project on the backend).
      for (let round = 0; round < 5; round += 1) {
        if (round % 2) unpreloaded.push(await open('?canvas_preload=off'));
        opens.push(await open(''));
        if (!(round % 2)) unpreloaded.push(await open('?canvas_preload=off'));
      }
      rows.push({ name: 'homepage on the canvas in editor mode, from opening the project (median of 5)', value: Math.round(median(opens)), unit: 'ms' });
      rows.push({ name: '  peer: the same without loading the canvas while the project opens (median of 5)', value: Math.round(median(unpreloaded)), unit: 'ms' });

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${services.url}/editor/fixtures/many?count=2000${SESSION}`);
      await page.waitForFunction(() => !!(window as unknown as AgentWindow).__variaAgentRunning);
      const moves = await page.evaluate(() => {
        const agent = (window as unknown as AgentWindow).__variaAgentRunning;
        agent.picker.setOn(true);
        const box = agent.picker.overlay.host;
        const elements = [...document.querySelectorAll('main *')].slice(0, 400);
        const times: number[] = [];
        for (const el of elements) {
          const start = performance.now();
          el.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true }));
          // Style and layout of the outline, as the next frame would do them.
          void box.getBoundingClientRect();
          void getComputedStyle(box).transform;
          times.push(performance.now() - start);
        }
        return { times, elements: document.getElementsByTagName('*').length };
      });
      rows.push({ name: `highlight per pointer move, ${moves.elements} elements (median)`, value: Number(median(moves.times).toFixed(2)), unit: 'ms' });
      rows.push({ name: 'highlight per pointer move (95th percentile)', value: Number(p95(moves.times).toFixed(2)), unit: 'ms' });

      await page.goto(`${services.url}/?varia_editor=true${SESSION}`);
      await page.waitForFunction(() => !!(window as unknown as AgentWindow).__variaAgentRunning);
      const previews = await page.evaluate(async () => {
        const agent = (window as unknown as AgentWindow).__variaAgentRunning;
        const title = document.querySelector('h1')!;
        const times: number[] = [];
        for (let i = 0; i < 20; i += 1) {
          const text = `Preview ${i}`;
          const start = performance.now();
          agent.handle({ type: 'preview', key: String(i), changes: [{ id: 'bench', type: 'attribute', selector: 'h1', attributes: { text } }] });
          while (title.textContent !== text) await new Promise((resolve) => setTimeout(resolve, 0));
          times.push(performance.now() - start);
        }
        return times;
      });
      rows.push({ name: 'live preview of one text edit, until the page shows it (median of 20)', value: Number(median(previews).toFixed(2)), unit: 'ms' });
      await page.close();
    } finally {
      await browser.close();
      await services.close();
    }
    return rows;
  },
};
