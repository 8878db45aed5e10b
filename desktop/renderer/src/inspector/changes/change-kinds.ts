/**
 * The change forms' kinds (EDT-19): what staff pick ("Text", "Move"...) and the runtime change each
 * one authors. Every change type and attribute kind of the runtime has a kind: text, HTML, attributes
 * (href, src and any other), class, style, hide and remove are `attribute` changes; insert is
 * `append` with its operator; move is `rearrange`; redirect, custom code and widget are their types.
 */
import type { Selection } from '../../../../agent/protocol';
import type { AuthoredChange } from '../../model/changes';
import { CUSTOM_CODE_TEMPLATE } from '../../monaco/custom-code-api';
import { selectorError } from './selector-check';

export type ChangeKind = 'text' | 'html' | 'attributes' | 'class' | 'style' | 'hide' | 'remove' | 'insert' | 'move' | 'redirect' | 'code' | 'widget';

/** A kind as the inspector lists it. */
export interface KindInfo {
  kind: ChangeKind;
  label: string;
  hint: string;
  /** Whether it works on the selected element (needs a selector). */
  element: boolean;
}

export const KINDS: readonly KindInfo[] = [
  { kind: 'text', label: 'Text', hint: 'Replace the text', element: true },
  { kind: 'html', label: 'HTML', hint: 'Replace the content with HTML', element: true },
  { kind: 'attributes', label: 'Attributes', hint: 'href, src, title, any attribute', element: true },
  { kind: 'class', label: 'Class', hint: 'Replace, add or remove classes', element: true },
  { kind: 'style', label: 'Style', hint: 'Inline CSS declarations', element: true },
  { kind: 'hide', label: 'Hide', hint: 'Invisible, keeps its space', element: true },
  { kind: 'remove', label: 'Remove', hint: 'Taken out of the layout', element: true },
  { kind: 'insert', label: 'Insert HTML', hint: 'Before, after, prepend, append', element: true },
  { kind: 'move', label: 'Move', hint: 'Next to another element', element: true },
  { kind: 'redirect', label: 'Redirect', hint: 'Send visitors to another URL', element: false },
  { kind: 'code', label: 'Custom code', hint: 'JavaScript with the runtime API', element: false },
  { kind: 'widget', label: 'Widget', hint: 'A configured page widget', element: false },
];

const ATTRIBUTE_KINDS = ['text', 'html', 'hide', 'remove', 'style', 'class', 'addClass', 'removeClass'];

/** The form kind of a saved change. */
export const kindOf = (change: AuthoredChange): ChangeKind => {
  switch (change.type) {
    case 'append': return 'insert';
    case 'rearrange': return 'move';
    case 'redirect': return 'redirect';
    case 'custom_code': return 'code';
    case 'widget': return 'widget';
  }
  const keys = Object.keys(change.attributes ?? {});
  for (const kind of ['text', 'html', 'hide', 'remove', 'style'] as const) if (keys.includes(kind)) return kind;
  if (keys.some((key) => key === 'class' || key === 'addClass' || key === 'removeClass')) return 'class';
  if (!keys.length && change.css) return 'style';
  return keys.some((key) => !ATTRIBUTE_KINDS.includes(key)) ? 'attributes' : 'text';
};

/** A new change of `kind` for the selected element, filled from what the element has now. */
export const blankChange = (kind: ChangeKind, selection: Selection | undefined): AuthoredChange => {
  const selector = selection?.selector ?? '';
  const attrs = selection?.attributes ?? {};
  switch (kind) {
    case 'text': return { type: 'attribute', selector, attributes: { text: selection?.text ?? '' } };
    case 'html': return { type: 'attribute', selector, attributes: { html: selection?.html.trim() ?? '' } };
    case 'attributes': {
      const picked = Object.fromEntries(['href', 'src', 'alt', 'title'].filter((name) => name in attrs).map((name) => [name, attrs[name]]));
      return { type: 'attribute', selector, attributes: Object.keys(picked).length ? picked : { title: '' } };
    }
    case 'class': return { type: 'attribute', selector, attributes: { class: attrs.class ?? '' } };
    case 'style': return { type: 'attribute', selector, attributes: { style: attrs.style ?? '' } };
    case 'hide': return { type: 'attribute', selector, attributes: { hide: true } };
    case 'remove': return { type: 'attribute', selector, attributes: { remove: true } };
    case 'insert': return { type: 'append', selector, operator: 'after', value: '<p>New content</p>' };
    case 'move': return { type: 'rearrange', selector, operator: 'after', insertSelector: '' };
    case 'redirect': return { type: 'redirect', value: '/' };
    case 'code': return { type: 'custom_code', code: CUSTOM_CODE_TEMPLATE };
    case 'widget': return { type: 'widget', widget_id: '', config: {} };
  }
};

/** One line describing a change, for the list. */
export const summary = (change: AuthoredChange): string => {
  const attrs = change.attributes ?? {};
  switch (kindOf(change)) {
    case 'text': return `Text “${String(attrs.text ?? '').slice(0, 40)}”`;
    case 'html': return 'HTML content';
    case 'attributes': return Object.keys(attrs).join(', ');
    case 'class': return 'class' in attrs ? `class="${attrs.class}"` : `${attrs.addClass ? `+${attrs.addClass}` : ''} ${attrs.removeClass ? `−${attrs.removeClass}` : ''}`.trim();
    case 'style': return String(attrs.style ?? Object.keys(change.css ?? {}).join(', '));
    case 'hide': return 'Hidden';
    case 'remove': return 'Removed';
    case 'insert': return `Insert ${change.operator ?? 'append'}`;
    case 'move': return `Move ${change.operator ?? 'after'} ${change.insertSelector ?? ''}`;
    case 'redirect': return `Redirect to ${String(change.value ?? '')}`;
    case 'code': return 'Custom code';
    case 'widget': return `Widget ${change.widget_id ?? ''}`;
  }
};

/** Problems that keep a draft from being saved (the runtime's validator has the final word at review). */
export const draftProblems = (change: AuthoredChange, kind: ChangeKind): string[] => {
  const problems: string[] = [];
  const element = KINDS.find((info) => info.kind === kind)?.element;
  if (element && !change.selector?.trim()) problems.push('A selector is needed.');
  if (kind === 'move' && !change.insertSelector?.trim()) problems.push('Choose where the element moves to.');
  // The selector field shows its own reason; the target of a move has no field of its own to show it.
  if (element && selectorError(change.selector)) problems.push('Fix the selector to save this change.');
  const target = kind === 'move' ? selectorError(change.insertSelector) : undefined;
  if (target) problems.push(`Where it moves to: ${target}`);
  if (kind === 'redirect' && (!String(change.value ?? '').trim() || /^\s*javascript:/i.test(String(change.value)))) problems.push('A redirect needs an http(s) or relative URL.');
  if (kind === 'widget' && !change.widget_id) problems.push('Choose a widget.');
  if (kind === 'insert' && !String(change.value ?? '').trim()) problems.push('Insert needs some HTML.');
  if (kind === 'attributes' && Object.keys(change.attributes ?? {}).some((name) => !/^[A-Za-z_:][\w:.-]*$/.test(name) || /^on/i.test(name))) problems.push('Attribute names must be valid and not event handlers (on…).');
  return problems;
};
