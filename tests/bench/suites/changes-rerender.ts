/**
 * The re-render row of the changes suite (ruling 23): the 20 changes of (a) are applied, then the page's
 * own code re-renders every changed element as a framework does (content written anew, attributes and
 * styles reset, the appended list rewritten), and the contender applies its changes again from its
 * MutationObserver. Timed: from the end of the re-render to the end of the last observer callback of the
 * checkpoint (a probe observer made after the contenders' own, so it is called after theirs); the first
 * application is timed in the same rounds. Ours against dom-mutator, which also re-applies on mutation.
 * Runs in the page of the changes suite (`window.__bench`), serialised by Playwright: self-contained.
 */

/** Averages in ms: first application and re-application after a re-render, ours and dom-mutator's. */
export interface RerenderResult {
  oursFirst: number;
  ours: number;
  mutatorFirst: number;
  mutator: number;
}

export async function runRerenderInPage(rounds: number): Promise<RerenderResult> {
  const { createKernel, changes, appliers, mutate } = (window as any).__bench;
  const section = (i: number) =>
    `<section id="s${i}" class="sec"><h2>Title ${i}</h2><p>Text <b>${i}</b></p><a class="link" href="/x${i}">link</a>` +
    `<span>note</span><ul>${'<li class="item">item</li>'.repeat(5)}</ul></section>`;
  const markup = Array.from({ length: 200 }, (_, i) => section(i)).join('');
  const root = document.createElement('main');
  document.body.append(root);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  type Kind = 'text' | 'html' | 'class' | 'href' | 'style' | 'append' | 'hide';
  const specs: Array<{ kind: Kind; sel: string; value: string }> = [
    ...[0, 1, 2, 3, 4].map((i) => ({ kind: 'text' as const, sel: `#s${i} h2`, value: `New title ${i}` })),
    ...[5, 6, 7].map((i) => ({ kind: 'html' as const, sel: `#s${i} p`, value: `<em>New</em> text ${i}` })),
    ...[8, 9, 10].map((i) => ({ kind: 'class' as const, sel: `#s${i} a`, value: 'link changed' })),
    ...[11, 12, 13].map((i) => ({ kind: 'href' as const, sel: `#s${i} a`, value: `/new${i}` })),
    ...[14, 15, 16].map((i) => ({ kind: 'style' as const, sel: `#s${i} span`, value: 'color: red' })),
    ...[17, 18].map((i) => ({ kind: 'append' as const, sel: `#s${i} ul`, value: '<li class="promo">Promo</li>' })),
    { kind: 'hide' as const, sel: '#s19 li', value: '' },
  ];
  const projectChanges = (round: number) =>
    specs.map((s, i) => {
      const id = `r${round}c${i}`;
      if (s.kind === 'append') return { id, type: 'append', selector: s.sel, operator: 'append', value: s.value };
      return { id, type: 'attribute', selector: s.sel, attributes: s.kind === 'hide' ? { hide: true } : { [s.kind]: s.value } };
    });
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const withMutator = () =>
    specs.map((s) => {
      if (s.kind === 'text') return mutate.html(s.sel, () => escape(s.value));
      if (s.kind === 'html') return mutate.html(s.sel, () => s.value);
      if (s.kind === 'class') return mutate.classes(s.sel, (set: Set<string>) => (set.clear(), s.value.split(' ').forEach((c) => set.add(c))));
      if (s.kind === 'href') return mutate.attribute(s.sel, 'href', () => s.value);
      if (s.kind === 'style') return mutate.attribute(s.sel, 'style', (v: string | null) => (v ? v + ';' : '') + s.value);
      if (s.kind === 'append') return mutate.html(s.sel, (v: string) => v + s.value);
      return mutate.attribute(s.sel, 'style', () => 'visibility: hidden !important');
    });
  // What the page's render writes: each changed element's content or attribute as the markup has it.
  type Original = [Element, 'content' | string, string | null];
  const originals = (): Original[] =>
    specs.flatMap((s) =>
      [...document.querySelectorAll(s.sel)].map((el): Original => {
        const name = s.kind === 'text' || s.kind === 'html' || s.kind === 'append' ? 'content' : s.kind === 'hide' ? 'style' : s.kind;
        return [el, name, name === 'content' ? el.innerHTML : el.getAttribute(name)];
      }),
    );
  const rerender = (list: Original[]) => {
    for (const [el, name, value] of list) {
      if (name === 'content') el.innerHTML = value!;
      else if (value == null) el.removeAttribute(name);
      else el.setAttribute(name, value);
    }
  };
  const applied = () =>
    document.querySelector('#s0 h2')!.textContent === 'New title 0' &&
    document.querySelectorAll('.promo').length === 2 &&
    document.querySelector('#s11 a')!.getAttribute('href') === '/new11' &&
    (document.querySelector('#s14 span') as HTMLElement).style.color === 'red';

  const kernel = createKernel({ data: { projectId: 'b', accountId: 'b', revision: 1 }, plugins: [changes(), ...appliers] });
  kernel.start();
  const module = kernel.get('changes');
  const totals = { oursFirst: 0, ours: 0, mutatorFirst: 0, mutator: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const key of round % 2 ? (['mutator', 'ours'] as const) : (['ours', 'mutator'] as const)) {
      root.innerHTML = markup;
      (window as any).gc?.();
      await tick();
      const list = originals();
      const meta = { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: `p${round}` };
      const actions = key === 'ours' ? projectChanges(round) : undefined;
      let t = performance.now();
      const reverts = key === 'ours' ? void module.applyAction({ id: 'a', changes: actions }, meta) : withMutator();
      totals[`${key}First`] += performance.now() - t;
      await tick();
      if (!applied()) throw Error(`${key}: the changes were not applied`);
      // The probe observer, made after the contenders' own observers, is called after them.
      let last = 0;
      const probe = new MutationObserver(() => void (last = performance.now()));
      probe.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      rerender(list);
      t = performance.now();
      await tick();
      probe.disconnect();
      totals[key] += Math.max(0, last - t);
      if (!applied()) throw Error(`${key}: the changes were not applied again after the re-render`);
      if (key === 'ours') module.removeActionState(meta.pageId);
      else (reverts as Array<{ revert(): void }>).forEach((c) => c.revert());
    }
  }
  root.remove();
  return { oursFirst: totals.oursFirst / rounds, ours: totals.ours / rounds, mutatorFirst: totals.mutatorFirst / rounds, mutator: totals.mutator / rounds };
}
