/**
 * The server's side of the editor's API contract (editor-model/api-contract.ts): one handler per
 * route, registered from the contract's table, so the method, path, parameter, query and body checks
 * are the contract's and each handler's answer is checked against the route's answer type.
 *
 * Before a handler runs, every request is held to the editor's trust rules (services/http/security.ts:
 * the editor's address, the session token, the editor's origin on writes) and its input to the
 * contract's checks; a refusal is answered as JSON `{ error }` with its 4xx status. A publish refused
 * for the project's problems is a 422 with the problems.
 */
import type { IncomingMessage } from 'node:http';
import {
  EDITOR_API,
  MAX_REQUEST_BYTES,
  PARAM_CHECKS,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteName,
} from '../../editor-model/api-contract';
import { readJsonBody, RequestError } from '../http/body';
import type { ServicesSecurity } from '../http/security';
import { sendJson } from '../responses';
import type { Router } from '../router';
import { PublishRefused } from './publish';

/** What a handler is given: the checked parameters, query and body, and the raw request. */
export interface HandlerInput<N extends RouteName> {
  params: ParamsOf<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
  req: IncomingMessage;
}

/** One handler per route of the contract, each answering its route's type. */
export type EditorHandlers = { [N in RouteName]: (input: HandlerInput<N>) => Promise<AnswerOf<N>> };

/** Checks a request's parameters, query and body against the route's declaration; throws a RequestError. */
async function checkedInput(name: RouteName, req: IncomingMessage, params: Record<string, string>, url: URL) {
  const spec = EDITOR_API[name];
  for (const [key, value] of Object.entries(params)) {
    const problem = PARAM_CHECKS[key]?.(value, key);
    if (problem) throw new RequestError(`The address is wrong: ${problem}.`);
  }
  const query: Record<string, string> = {};
  for (const [key, check] of Object.entries(spec.query ?? {})) {
    const value = url.searchParams.get(key) ?? undefined;
    const problem = check(value, key);
    if (problem) throw new RequestError(`The query is wrong: ${problem}.`);
    if (value !== undefined) query[key] = value;
  }
  let body: unknown;
  if (spec.method === 'POST') {
    body = await readJsonBody(req, { limit: spec.limit ?? MAX_REQUEST_BYTES, requireJsonType: true, empty: {} });
    const problem = spec.body?.(body, '');
    if (problem) throw new RequestError(`The request is malformed: ${problem}.`);
  }
  return { params, query, body };
}

/** Answers an error of a handler or a check; false when it is not one of ours (the router answers 500). */
function answerError(res: Parameters<typeof sendJson>[0], error: unknown): boolean {
  if (error instanceof PublishRefused) sendJson(res, 422, { error: error.message, problems: error.problems });
  else if (error instanceof RequestError) sendJson(res, error.status, error.code ? { error: error.message, code: error.code } : { error: error.message });
  else return false;
  return true;
}

/** Registers every route of the contract with its handler. */
export function addEditorApi(router: Router, security: ServicesSecurity, handlers: EditorHandlers): void {
  for (const name of Object.keys(EDITOR_API) as RouteName[]) {
    const spec = EDITOR_API[name];
    const handler = handlers[name] as (input: HandlerInput<RouteName>) => Promise<unknown>;
    router.add(spec.method, spec.path, async ({ req, res, url, params }) => {
      try {
        const refusal = security.editorRefusal(req, spec.method !== 'GET');
        if (refusal) throw refusal;
        const input = await checkedInput(name, req, params, url);
        sendJson(res, 200, await handler({ ...input, req } as HandlerInput<RouteName>));
      } catch (error) {
        if (!answerError(res, error)) throw error;
      }
    });
  }
}
