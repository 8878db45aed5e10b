/**
 * EDT-13: the editor's publish minifies in a worker kept warm for the life of the services
 * (compiler/minify-thread.ts); what it makes is the code `npm run build:snippet` makes in its own
 * thread, also once the worker was closed, and code terser refuses is refused the same way.
 */
import { afterAll, expect, it } from 'vitest';
import { createMinifyThread } from '../../../compiler/minify-thread';
import { bundleOnly, minifyHere, minifyOptions } from '../../../compiler/snippet';

const thread = createMinifyThread();
afterAll(() => thread.close());

it('EDT-13 terser in the worker makes the command line\'s code; the same after a close; a syntax error is refused', async () => {
  const code = await bundleOnly(`export { createKernel } from './core/kernel';`, 'esm');
  const options = minifyOptions('esm');
  await thread.warm();
  const [inWorker, here] = await Promise.all([thread.minify(code, options), minifyHere(code, options)]);
  expect(inWorker.length).toBeGreaterThan(1000);
  expect(inWorker === here, 'the worker and this thread make the same code').toBe(true);

  // After a close, the same input is answered (from the cache) and a new one starts a new worker.
  await thread.close();
  expect(await thread.minify(code, options)).toBe(inWorker);
  expect(await thread.minify(`${code}\nexport const added = 1;`, options)).toBe(await minifyHere(`${code}\nexport const added = 1;`, options));

  await expect(thread.minify('let = ;', options)).rejects.toThrow();
}, 60_000);
