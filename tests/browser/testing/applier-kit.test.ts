/** The plugin test kit's applier helper in real Chromium: exact undo is told apart from a sloppy one. */
import { afterEach, describe, expect, it } from 'vitest';
import { defineChangeApplier } from '../../../core';
import type { OwnChange } from '../../../core/project';
import { applyAndUndo } from '../../../core/testing';
import attribute from '../../../plugins/change-appliers/attribute';

const root = () => {
  const el = document.createElement('div');
  el.id = 'kit';
  el.innerHTML = '<h1 class="title">Hello <b>there</b></h1><p class="copy">One</p><p class="copy">Two</p>';
  document.body.append(el);
  return el;
};

afterEach(() => document.getElementById('kit')?.remove());

describe('test kit: appliers', () => {
  it('CHG-18 applyAndUndo applies to every match and reports an exact undo', () => {
    const run = applyAndUndo(attribute, { id: 'c', type: 'attribute', selector: '.copy', attributes: { text: 'New' } }, root());
    expect(run.calls).toBe(2);
    expect(run.applied).toContain('<p class="copy">New</p><p class="copy">New</p>');
    expect(run.restored).toBe(true);
    expect(run.kernel.errors()).toEqual([]);
  });

  it('CHG-18 applyAndUndo catches an applier whose undo leaves the page changed', () => {
    const sloppy = defineChangeApplier<OwnChange<'sloppy'>>({
      type: 'changeApplier',
      name: 'sloppy',
      perElement: true,
      apply: (_change, element) => {
        element!.setAttribute('data-touched', '');
        element!.textContent = 'changed';
        return { undo: () => element!.removeAttribute('data-touched') };
      },
    });
    const run = applyAndUndo(sloppy, { id: 'c', type: 'sloppy', selector: 'h1' }, root());
    expect(run.restored).toBe(false);
    expect(run.undone).toContain('<h1 class="title">changed</h1>');
  });

  it('CHG-18 a project\'s own change type goes through applyAndUndo typed by its applier, no cast', () => {
    interface BadgeChange extends OwnChange<'badge'> {
      value: string;
    }
    const badge = defineChangeApplier<BadgeChange>({
      type: 'changeApplier',
      name: 'badge',
      perElement: true,
      apply(change, element) {
        const node = document.createElement('span');
        node.className = 'badge';
        node.textContent = change.value;
        element!.after(node);
        return { undo: () => node.remove() };
      },
    });
    const run = applyAndUndo(badge, { id: 'b', type: 'badge', selector: 'h1', value: 'New' }, root());
    expect(run.applied).toContain('</h1><span class="badge">New</span>');
    expect(run.restored).toBe(true);
  });

  it('CHG-5 applyAndUndo lets the applier throw its catalogued message, the page untouched', () => {
    const el = root();
    const before = el.innerHTML;
    const change = { id: 'c', type: 'attribute', selector: 'h1', attributes: { onclick: 'alert(1)' } as never } as const;
    expect(() => applyAndUndo(attribute, change, el)).toThrow('Event handler attributes are refused');
    expect(el.innerHTML).toBe(before);
  });
});
