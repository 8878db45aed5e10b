// The minify worker of compiler/minify-thread.ts: terser's `minify` on each job it is sent, so a
// long-lived process (the editor's services) keeps terser compiled and warm off its main thread.
// Plain JavaScript: a worker thread does not inherit the TypeScript loader in every runner.
import { parentPort } from 'node:worker_threads';
import { minify } from 'terser';

parentPort.on('message', async ({ id, code, options }) => {
  try {
    const result = await minify(code, options);
    parentPort.postMessage({ id, code: result.code ?? code });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
