/**
 * The editor window's session (EDT-2, EDT-16, EDT-22): one store for the tree's selection and view
 * state and what the canvas knows of its page, changed only through its actions; the tree's rows
 * read their flags from it, and the canvas feeds it from the agent's messages.
 */
import { describe, expect, it } from 'vitest';
import type { ToAgent } from '../../../desktop/agent/protocol';
import { createCanvasSession } from '../../../desktop/renderer/src/canvas/canvas-session';
import { changeFlags, createEditorSession, isOpen, rowFlags } from '../../../desktop/renderer/src/session/editor-session';
import { SETTINGS_SELECTION } from '../../../desktop/renderer/src/session/selection';
import { runShortcutsWith, type ShortcutCommand } from '../../../desktop/renderer/src/session/shortcuts';

describe('editor session', () => {
  it('EDT-2 selection and tree state change through actions, and listeners hear only real changes', () => {
    const session = createEditorSession();
    let heard = 0;
    const stop = session.subscribe(() => (heard += 1));
    expect(session.get().selection).toEqual(SETTINGS_SELECTION);
    session.select({ table: 'experiments', rowId: 'X' });
    const { selection } = session.get();
    session.select(selection);
    expect(heard).toBe(1);
    // Campaigns and experiments start open, the rest shut; a toggle flips a row from its default.
    expect(isOpen(session.get(), 'layers:L')).toBe(true);
    expect(isOpen(session.get(), 'variations:A')).toBe(false);
    session.toggle('layers:L');
    session.toggle('variations:A');
    expect([isOpen(session.get(), 'layers:L'), isOpen(session.get(), 'variations:A')]).toEqual([false, true]);
    session.setEditing('events:e1');
    expect(heard).toBe(4);
    stop();
    session.setEditing(null);
    expect(heard).toBe(4);
  });

  it('EDT-2 a project starts on its settings with its tree afresh, and the canvas goes on', () => {
    const session = createEditorSession();
    session.updateCanvas({ connected: true, pickerOn: true });
    session.select({ table: 'layers', rowId: 'L' });
    session.toggle('layers:L');
    session.setEditing('layers:L');
    session.startProject();
    expect(session.get()).toMatchObject({ selection: SETTINGS_SELECTION, editing: null, canvas: { connected: true, pickerOn: true } });
    expect(session.get().toggled.size).toBe(0);
  });

  it('EDT-22 a tree row\'s flags: selected, renaming, open, and the failure of its previewed change', () => {
    const session = createEditorSession();
    const canvas = createCanvasSession(session);
    expect(rowFlags(session.get(), 'changes', 'row-1')).toBe('000');
    session.select({ table: 'changes', rowId: 'row-1' });
    session.setEditing('changes:row-1');
    canvas.setPreviewRows({ c1: 'row-1', c2: 'row-2' });
    session.updateCanvas({ preview: { key: 'k', ms: 3, settled: true, results: [
      { id: 'c1', status: 'applied', matches: 0 }, { id: 'c2', status: 'failed', error: 'bad selector' }, { id: 'c3', status: 'applied', matches: 2 },
    ] } });
    expect(changeFlags(session.get().canvas)).toEqual({ 'row-1': 'This change matches no element on the page', 'row-2': 'This change failed on the page: bad selector' });
    expect(rowFlags(session.get(), 'changes', 'row-1')).toBe('110This change matches no element on the page');
    expect(rowFlags(session.get(), 'layers', 'L')).toBe('001');
    // The same rows again change nothing (no re-render of the tree for them).
    const before = session.get();
    canvas.setPreviewRows({ c1: 'row-1', c2: 'row-2' });
    expect(session.get()).toBe(before);
  });

  it('EDT-16 EDT-17 the canvas feeds the session from the agent, and a shortcut pressed in the page runs its command', () => {
    const session = createEditorSession();
    const canvas = createCanvasSession(session);
    const sent: ToAgent[] = [];
    const send = (message: ToAgent) => void sent.push(message);
    canvas.setPicker(true);
    canvas.opening(send);
    expect(session.get().canvas).toMatchObject({ connected: false, pickerOn: true, counts: {} });
    canvas.receive({ type: 'ready', url: 'http://localhost/', title: 'Home', elements: 12 });
    expect(session.get().canvas).toMatchObject({ connected: true, page: { url: 'http://localhost/', title: 'Home', elements: 12 } });
    // The page that answered learns the picker's state.
    expect(sent).toEqual([{ type: 'picker', on: true }]);
    canvas.receive({ type: 'counts', counts: { h1: 1 } });
    canvas.receive({ type: 'counts', counts: { p: 3 } });
    expect(session.get().canvas.counts).toEqual({ h1: 1, p: 3 });
    // A preview answer for a preview nobody asked for is dropped.
    canvas.receive({ type: 'previewed', key: 'other', results: [], ms: 1 });
    expect(session.get().canvas.preview).toBeUndefined();

    const ran: ShortcutCommand[] = [];
    const stop = runShortcutsWith((command) => ran.push(command));
    canvas.receive({ type: 'shortcut', key: 'z', ctrl: true, meta: false, shift: true });
    canvas.receive({ type: 'shortcut', key: 's', ctrl: false, meta: true, shift: false });
    stop();
    expect(ran).toEqual(['redo', 'save']);

    canvas.closed(() => undefined);
    expect(session.get().canvas.connected).toBe(true);
    canvas.closed(send);
    expect(session.get().canvas.connected).toBe(false);
  });

  it('EDT-15 turning the picker off forgets the element pointed at, from the editor or from Esc in the page', () => {
    const session = createEditorSession();
    const canvas = createCanvasSession(session);
    canvas.opening(() => undefined);
    canvas.setPicker(true);
    canvas.receive({ type: 'hover', selector: '#a', label: 'a#a' });
    expect(session.get().canvas.hover).toEqual({ selector: '#a', label: 'a#a' });
    canvas.setPicker(false);
    canvas.setPicker(true);
    // Shown again only once the pointer reaches an element with the picker back on.
    expect(session.get().canvas.hover).toBeUndefined();
    canvas.receive({ type: 'hover', selector: '#b', label: 'p#b' });
    canvas.receive({ type: 'picker', on: false });
    expect(session.get().canvas).toMatchObject({ pickerOn: false, hover: undefined });
  });
});
