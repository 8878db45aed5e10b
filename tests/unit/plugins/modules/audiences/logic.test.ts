import { describe, expect, it } from 'vitest';
import { evaluateList, flattenIds } from '../../../../../plugins/modules/audiences/logic';
import { bootAudiences, F, T, U } from './helpers';

const leaf = (item: unknown) => (item === 'T' ? true : item === 'F' ? false : item === 'U' ? null : item === 'V' ? undefined : null);
const ev = (list: unknown[]) => evaluateList(list, leaf);

describe('three-valued audience logic', () => {
  it('AUD-6 conditions combine with and, or and not', () => {
    expect(ev(['and', 'T', 'T'])).toBe(true);
    expect(ev(['and', 'T', 'F'])).toBe(false);
    expect(ev(['or', 'F', 'T'])).toBe(true);
    expect(ev(['or', 'F', 'F'])).toBe(false);
    expect(ev(['not', 'T'])).toBe(false);
    expect(ev(['not', 'F'])).toBe(true);
    expect(ev(['and', 'T', ['or', 'F', ['not', 'F']]])).toBe(true);
  });

  it('AUD-7 logic is three-valued: unknown is null or undefined', () => {
    expect(ev(['and', 'U'])).toBeNull();
    expect(ev(['and', 'V'])).toBeNull();
    expect(ev(['or', 'V', 'F'])).toBeNull();
  });

  it('AUD-8 a bare list means or, whatever the type of its first item (ruling 6)', () => {
    expect(ev(['F', 'T'])).toBe(true);
    expect(ev(['F', 'F'])).toBe(false);
    expect(ev([['F'], 'T'])).toBe(true);
    expect(ev(['U', 'F'])).toBeNull();
  });

  it('AUD-9 and is false if any is false, else unknown if any unknown; or is true if any is true, else unknown; not unknown is unknown', () => {
    expect(ev(['and', 'U', 'F'])).toBe(false);
    expect(ev(['and', 'U', 'T'])).toBeNull();
    expect(ev(['or', 'U', 'T'])).toBe(true);
    expect(ev(['or', 'U', 'F'])).toBeNull();
    expect(ev(['not', 'U'])).toBeNull();
    expect(ev(['not', 'V'])).toBeNull();
  });

  it('ruling 6 not takes its first operand only; empty and is true, empty or false; runaway depth is unknown', () => {
    expect(ev(['not', 'F', 'F'])).toBe(true);
    expect(ev(['not'])).toBeNull();
    expect(ev(['and'])).toBe(true);
    expect(ev(['or'])).toBe(false);
    let deep: unknown[] = ['T'];
    for (let i = 0; i < 50; i++) deep = ['and', deep];
    expect(ev(deep)).toBeNull();
  });

  it('CFG-12 flattens nested audience id expressions, operators left out', () => {
    expect(flattenIds(['and', 'a', ['or', 'b', ['not', 'c']], 'a'])).toEqual(['a', 'b', 'c']);
  });

  it('AUD-6 the module evaluates condition expressions with matchers, synchronously', () => {
    const t = bootAudiences();
    expect(t.audiences.evaluate(['and', T, ['or', F, T]])).toBe(true);
    expect(t.audiences.evaluate(['and', T, U])).toBeNull();
    expect(t.audiences.evaluate(['not', U])).toBeNull();
    expect(t.audiences.evaluate([F, U, T])).toBe(true);
    // A stray string operand (not first) is an unknown operand, not an operator.
    expect(t.audiences.evaluate(['and', T, 'not' as never])).toBeNull();
  });
});
