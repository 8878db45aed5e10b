/**
 * The selector fields' check (issue 36): a selector the browser would refuse is an error on the field as it
 * is typed, in words, and keeps the change from being saved. The words come from the rule review and
 * publish apply (editor-model/selectors.ts), so the field, save and review agree; the browser's own
 * parser is asked too, so nothing it refuses gets through.
 */
import { selectorReason } from '../../../../../editor-model/selectors';

/** Whether the page's browser accepts `selector`. */
const browserAccepts = (selector: string): boolean => {
  // Without a document (a Node test of the forms' rules) the shared rule alone decides.
  if (typeof document === 'undefined') return true;
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
};

/** Why a selector field's value would be refused, as a sentence; undefined when it is empty or valid. */
export function selectorError(selector: string | undefined): string | undefined {
  if (!selector?.trim()) return undefined;
  const reason = selectorReason(selector) ?? (browserAccepts(selector) ? undefined : 'the browser refuses it');
  return reason ? `Not a valid CSS selector: ${reason}. The change would do nothing on the page.` : undefined;
}
