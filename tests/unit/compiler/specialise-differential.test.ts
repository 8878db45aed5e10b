/**
 * The compiled snippet's generated code (compiler/specialise.ts) answers what the interpreter answers:
 * every project of config/ and every test fixture project, and seeded random projects, run both ways over
 * the same visitors and URLs (tests/unit/compiler/differential-kit.ts) give equal audience verdicts, matching
 * audiences, page conditions, page states and reports, and the matchers are handed the data's own condition
 * objects both ways (the generated code reads them there, it carries no copy). A random project that differs
 * is shrunk and printed.
 *
 * VARIA_DIFFERENTIAL_SEED and VARIA_DIFFERENTIAL_ROUNDS repeat a failing run or run longer.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../../core/project/regex';
import { loadProject } from '../../../compiler/build';
import { projectFiles, ROOT } from '../../../compiler/snippet';
import { RefusedPattern, specialisedSource } from '../../../compiler/specialise';
import { envNumber, seeded, type Seeded } from '../../support/seeded';
import { bothWays, randomVisitor, URL_POOL, type Subject, type Visitor } from './differential-kit';
import { randomProject, shrink, standardMatchers } from './random-project';

const SEED = envNumber('VARIA_DIFFERENTIAL_SEED', 20261204);
const ROUNDS = envNumber('VARIA_DIFFERENTIAL_ROUNDS', 300);

const visitors = (random: Seeded, count: number): Visitor[] => Array.from({ length: count }, () => randomVisitor(random));
const urls = (random: Seeded, count: number): string[] => Array.from({ length: count }, () => random.pick(URL_POOL));

describe('compiled audiences and pages against the interpreter', { timeout: 60_000 }, () => {
  const files = projectFiles();

  it('finds the projects of config/ and the test fixtures', () => {
    expect(files.some((file) => file.endsWith('config/homepage/project.ts'))).toBe(true);
    expect(files.some((file) => file.includes('tests/fixtures/projects/'))).toBe(true);
  });

  for (const file of files) {
    it(`URL-1 AUD-7 ${file.slice(ROOT.length + 1)}: the same verdicts, matches, page conditions and states both ways`, async () => {
      const loaded = await loadProject(file);
      const subject: Subject = {
        data: loaded.project.data as Subject['data'],
        matchers: (loaded.project.plugins ?? []).filter((plugin) => plugin.type === 'audienceMatcher'),
      };
      const random = seeded(SEED);
      const pageUrls = [...URL_POOL, ...urls(random, 6)];
      const { interpreted, compiled, usage } = await bothWays(subject, visitors(random, 40), pageUrls);
      expect(compiled).toEqual(interpreted);
      // The compiled way ran the generated code of every kind the project has, so the comparison means something.
      const { summary } = specialisedSource(subject.data);
      expect(usage.audiences > 0, 'generated audiences ran').toBe(summary.audiences.generated > 0);
      expect(usage.pages > 0, 'generated page matchers ran').toBe(summary.pages.generated > 0);
    });
  }

  it('the homepage: every audience and every page is generated, none left to the interpreter', async () => {
    const loaded = await loadProject(`${ROOT}/config/homepage/project.ts`);
    const { summary } = specialisedSource(loaded.project.data);
    expect(summary.audiences.generated).toBe(summary.audiences.total);
    expect(summary.pages.generated).toBe(summary.pages.total);
    expect(summary.audiences.total).toBeGreaterThan(0);
  });

  it(`URL-1 AUD-7 random projects (seed ${SEED}, ${ROUNDS} rounds): the same answers both ways; a difference is shrunk to the smallest project`, async () => {
    let refused = 0;
    const ran = { audiences: 0, pages: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const random = seeded(SEED + round);
      const data = randomProject(random);
      const roundVisitors = visitors(random, 4);
      const roundUrls = urls(random, 5);
      const subject = (project: Subject['data']): Subject => ({ data: project, matchers: standardMatchers() });
      try {
        specialisedSource(data);
      } catch (error) {
        // A pattern the guard refuses fails the build, with the guard's own message.
        expect(error).toBeInstanceOf(RefusedPattern);
        expect((error as Error).message).toContain(compile('(a+)+$') as string);
        refused++;
        continue;
      }
      const differs = async (project: Subject['data']) => {
        try {
          specialisedSource(project);
        } catch {
          return false;
        }
        const { interpreted, compiled } = await bothWays(subject(project), roundVisitors, [...roundUrls]);
        return JSON.stringify(interpreted) !== JSON.stringify(compiled);
      };
      const { interpreted: first, compiled: second, usage } = await bothWays(subject(data), roundVisitors, [...roundUrls]);
      ran.audiences += usage.audiences;
      ran.pages += usage.pages;
      if (JSON.stringify(first) !== JSON.stringify(second)) {
        const smallest = await shrink(data, differs);
        const { interpreted, compiled } = await bothWays(subject(smallest), roundVisitors, [...roundUrls]);
        expect(compiled, `seed ${SEED + round}: the smallest project showing the difference:\n${JSON.stringify(smallest, null, 1)}`).toEqual(interpreted);
      }
    }
    // Most rounds are compared, not refused, and the generated code ran.
    expect(refused).toBeLessThan(ROUNDS / 2);
    expect(ran.audiences).toBeGreaterThan(ROUNDS);
    expect(ran.pages).toBeGreaterThan(ROUNDS);
  });
});
