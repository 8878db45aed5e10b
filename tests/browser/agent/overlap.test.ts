/**
 * Conflicts found on the page (issue 37) in real Chromium: the agent's overlap answer for pairs of
 * selector sets on the stand-in homepage, per kind of overlap, and the message's schema on both ends.
 */
import { describe, expect, it } from 'vitest';
import { PAGE } from '../../../config/homepage/page-contract';
import { overlapOf } from '../../../desktop/agent/overlap';
import { envelope, parseFromAgent, parseToAgent } from '../../../desktop/agent/protocol';
import { HOMEPAGE, mount } from './markup';

describe('overlap of two changes on the page', () => {
  it('EDT-12 the same selector, or another selector naming the same element, is the same element', () => {
    mount(HOMEPAGE);
    expect(overlapOf(document, { id: 'p', a: ['h1.hero-title'], b: ['h1.hero-title'] })).toEqual({ id: 'p', kind: 'same', a: 'h1.hero-title', b: 'h1.hero-title', counts: [1, 1] });
    expect(overlapOf(document, { id: 'q', a: [PAGE.heroTitle], b: ['main#main-content h1'] }).kind).toBe('same');
  });

  it('EDT-12 a selector inside a region another change replaces is contained in it, from either side', () => {
    mount(HOMEPAGE);
    // The personalisation hero widget replaces the first section of main; an HTML change on the hero's container likewise.
    expect(overlapOf(document, { id: 'w', a: ['h1.hero-title'], b: [PAGE.firstSection] })).toEqual({ id: 'w', kind: 'inside', a: 'h1.hero-title', b: 'section.hero', counts: [1, 1] });
    expect(overlapOf(document, { id: 'h', a: ['main#main-content'], b: ['section.hero a.hero-cta-primary'] })).toEqual({ id: 'h', kind: 'contains', a: 'main#main-content', b: 'a.hero-cta-primary', counts: [1, 1] });
  });

  it('EDT-12 the same element is reported before a containment when a set holds both', () => {
    mount(HOMEPAGE);
    expect(overlapOf(document, { id: 's', a: ['main#main-content', '.hero-title'], b: ['h1'] }).kind).toBe('same');
  });

  it('EDT-12 only the overlaps a pair counts are answered: a block inserted before the hero does not touch the headline inside it', () => {
    mount(HOMEPAGE);
    const pair = { a: ['h1.hero-title'], b: [PAGE.firstSection] };
    expect(overlapOf(document, { id: 'i', ...pair, kinds: ['same', 'contains'] })).toEqual({ id: 'i', kind: 'none', counts: [1, 1] });
    expect(overlapOf(document, { id: 'r', ...pair, kinds: ['same', 'contains', 'inside'] }).kind).toBe('inside');
    // Identity still comes first among the counted kinds.
    expect(overlapOf(document, { id: 's', a: ['main#main-content', '.hero-title'], b: ['h1'], kinds: ['inside', 'same'] }).kind).toBe('same');
  });

  it('EDT-12 different elements do not overlap', () => {
    mount(HOMEPAGE);
    expect(overlapOf(document, { id: 'd', a: ['h1.hero-title'], b: [PAGE.footer, PAGE.banner, '.hero-description'] })).toEqual({ id: 'd', kind: 'none', counts: [1, 3] });
  });

  it('EDT-12 a selector the page does not have, or not a selector at all, overlaps nothing here (review reports it apart)', () => {
    mount(HOMEPAGE);
    // How many each side matched says which element is missing (review then asks with a variation applied).
    expect(overlapOf(document, { id: 'm', a: ['.only-in-a-variation'], b: ['h1.hero-title'] })).toEqual({ id: 'm', kind: 'none', counts: [0, 1] });
    expect(overlapOf(document, { id: 'x', a: ['h1..'], b: ['h1'] }).kind).toBe('none');
  });

  it('EDT-17 the overlap request and its answer pass the protocol check; a malformed one is dropped', () => {
    const token = 'a'.repeat(32);
    expect(parseToAgent(envelope({ type: 'overlap', pairs: [{ id: 'p', a: ['h1'], b: ['section'] }] }, token), token)?.type).toBe('overlap');
    expect(parseToAgent(envelope({ type: 'overlap', pairs: [{ id: 'p', a: 'h1', b: ['section'] }] }, token), token)).toBeUndefined();
    expect(parseToAgent(envelope({ type: 'overlap', pairs: [{ id: 'p', a: ['h1'], b: ['section'], kinds: ['inside'] }] }, token), token)?.type).toBe('overlap');
    expect(parseToAgent(envelope({ type: 'overlap', pairs: [{ id: 'p', a: ['h1'], b: ['section'], kinds: ['near'] }] }, token), token)).toBeUndefined();
    expect(parseFromAgent(envelope({ type: 'overlaps', results: [{ id: 'p', kind: 'inside', a: 'h1', b: 'section' }] }, token), token)?.type).toBe('overlaps');
    expect(parseFromAgent(envelope({ type: 'overlaps', results: [{ id: 'p', kind: 'near' }] }, token), token)).toBeUndefined();
  });
});
