/**
 * Custom code on its way to the canvas (EDT-21). The editor authors custom code as source text; the
 * page under edit cannot `eval` it (strict CSP), so each source is registered with the services
 * (`previewCode` in the API contract), which compile it and answer an id; the agent is told the id
 * and loads the script the services serve for it. A source that does not compile goes to the agent
 * with its reason, which the change list shows. Registrations are kept per source for the window's life.
 */
import type { PreviewCodeAnswer } from '../../../../editor-model/api-contract';
import type { PreviewChange } from '../../../agent/protocol';
import { callApi } from '../model/backend';

/** A change as the editor authors and previews it: custom code as its source text (`code`). */
export type DraftChange = Omit<PreviewChange, 'codeId' | 'codeError'> & { code?: string };

const registered = new Map<string, Promise<PreviewCodeAnswer>>();

const register = (code: string): Promise<PreviewCodeAnswer> => {
  let answer = registered.get(code);
  if (!answer) {
    answer = callApi('previewCode', { body: { code } }).catch((error: Error) => ({ error: `The preview could not be prepared: ${error.message}` }));
    registered.set(code, answer);
    // A failure to reach the services is asked again next time.
    void answer.then((result) => result.error?.startsWith('The preview could not') && registered.delete(code));
  }
  return answer;
};

/** The changes as the agent takes them: each custom code registered and named by its id. */
export async function toWire(changes: readonly DraftChange[]): Promise<PreviewChange[]> {
  return Promise.all(
    changes.map(async ({ code, ...change }) => {
      if (typeof code !== 'string') return change;
      const answer = await register(code);
      return answer.id ? { ...change, codeId: answer.id } : { ...change, codeError: answer.error };
    }),
  );
}
