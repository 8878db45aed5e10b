/**
 * Custom code previewed on the canvas (EDT-21). The page under edit runs under a strict CSP, where
 * `eval` cannot turn source text into a function, so the code is compiled here and served as a script
 * of the page's own origin. No route turns caller-supplied text into script: only the editor (its API,
 * with the session token) registers code, and gets back a random id; the agent, told the id through the
 * agent channel, loads `/editor/preview-code/<id>.js`. An unknown id is a 404, so an injection on a
 * page of the services' origins cannot use this to run code of its own.
 */
import { randomBytes } from 'node:crypto';
import { transform } from 'esbuild';
import type { PreviewCodeAnswer } from '../../editor-model/api-contract';

/** Registered scripts kept (the oldest go first): a few hundred edits of custom code. */
const MAX_ENTRIES = 300;
/** An id: 32 hex characters (128 random bits). */
export const PREVIEW_CODE_ID = /^[0-9a-f]{32}$/;
/** Where the agent finds registered functions, by id. */
const CODE_GLOBAL = '__variaPreviewCode';

/**
 * Compiles custom code into a script statement `const __variaCode = <function>;` (TypeScript types
 * stripped); throws with esbuild's message when it does not parse.
 */
export const compilePreviewCode = async (source: string): Promise<string> => {
  const asDeclaration = async (code: string) =>
    (await transform(`const __variaCode = (${code}\n);`, { loader: 'ts', target: 'es2020' })).code;
  // A function expression (as the project model keeps custom code) is used as it is; anything else
  // is statements, which become the body of `function (api)`.
  const head = source.replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
  const isFunction = /^(async\s+)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)/.test(head);
  return asDeclaration(isFunction ? source : `function (api: any) {\n${source}\n}`);
};

/** The registry of one services process. */
export interface PreviewCodeRegistry {
  /** Compiles and keeps `source`; answers its id, or why it does not compile. */
  register(source: string): Promise<PreviewCodeAnswer>;
  /** The script of a registered id, or undefined. */
  script(id: string): string | undefined;
}

/** Creates an empty registry. */
export function createPreviewCodeRegistry(): PreviewCodeRegistry {
  const scripts = new Map<string, string>();
  const bySource = new Map<string, string>();
  return {
    async register(source) {
      const known = bySource.get(source);
      if (known && scripts.has(known)) return { id: known };
      let declaration: string;
      try {
        declaration = await compilePreviewCode(source);
      } catch (error) {
        return { error: `The custom code does not compile: ${(error as Error).message.split('\n')[0]}` };
      }
      const id = randomBytes(16).toString('hex');
      scripts.set(id, `(function () {\n${declaration}\n(window.${CODE_GLOBAL} = window.${CODE_GLOBAL} || {})[${JSON.stringify(id)}] = __variaCode;\n})();\n`);
      bySource.set(source, id);
      while (scripts.size > MAX_ENTRIES) {
        const [oldest] = scripts.keys();
        scripts.delete(oldest);
      }
      if (bySource.size > MAX_ENTRIES * 2) for (const [text, entry] of bySource) if (!scripts.has(entry)) bySource.delete(text);
      return { id };
    },
    script: (id) => (PREVIEW_CODE_ID.test(id) ? scripts.get(id) : undefined),
  };
}
