/**
 * Test helpers for change-applier plugins in a real DOM (Vitest browser mode or a page): apply a
 * change to the elements its selector matches inside a root, the way the changes module calls an
 * applier, then undo it and tell whether the markup came back exactly. The kit touches only the
 * root it is given.
 */
import { definePlugin } from '../define';
import type { ActionMeta, ChangeApplierKind, UndoHandle } from '../kinds/changes';
import type { Change, ChangeLike } from '../project/types';
import type { PluginContext } from '../types';
import { bootKernel, type TestKernel } from './boot-kernel';

/** What applying and undoing a change did to the root. */
export interface ApplierRun {
  /** The root's markup before, after applying, and after undoing. */
  before: string;
  applied: string;
  undone: string;
  /** Whether undo put the markup back exactly. */
  restored: boolean;
  /** How many elements the applier was called for (1 with no element for non-element types). */
  calls: number;
  /** The kernel the applier ran in: its recorded `events` (showWidget...), `logs` and `errors()`. */
  kernel: TestKernel;
}

/** The decision a kit-applied change belongs to. */
export const KIT_META: ActionMeta = { layerId: 'kit-layer', experimentId: 'kit-experiment', variationId: 'kit-variation', pageId: 'kit-page' };

/**
 * Applies `change` with `applier` inside `root` (per matched element when the applier works on
 * elements, once otherwise), then undoes every handle in reverse order. `change` is typed by the
 * applier: a project's own applier ({@link defineChangeApplier}) takes its own change type.
 *
 * @throws what the applier throws (the changes module would report it as an ActionError), so a
 *   test can assert the catalogue's message.
 * @example
 * const run = applyAndUndo(attribute, { id: 'c', type: 'attribute', selector: 'h1', attributes: { text: 'Hi' } }, fixture);
 * expect(run.applied).toContain('Hi');
 * expect(run.restored).toBe(true);
 */
export const applyAndUndo = <C extends ChangeLike = Change>(applier: ChangeApplierKind<C>, change: NoInfer<C>, root: Element): ApplierRun => {
  let ctx: PluginContext | undefined;
  const probe = definePlugin({ type: 'apiModule', name: 'applier_kit_probe', setup: (context) => void (ctx = context), create: () => ({}) });
  const win = root.ownerDocument.defaultView as Window & typeof globalThis;
  const kernel = bootKernel({ plugins: [probe], win, record: ['lifecycle', 'error', 'action'] });
  const env = { meta: KIT_META, win, ctx: ctx! };
  const before = root.innerHTML;
  const handles: UndoHandle[] = [];
  const targets: Array<Element | undefined> = applier.perElement ? [...root.querySelectorAll(String(change.selector ?? ''))] : [undefined];
  for (const element of targets) handles.push(applier.apply(change, element, env));
  const applied = root.innerHTML;
  for (const handle of handles.reverse()) handle.undo();
  const undone = root.innerHTML;
  return { before, applied, undone, restored: undone === before, calls: targets.length, kernel };
};
