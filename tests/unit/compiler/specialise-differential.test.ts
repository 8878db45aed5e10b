/**
 * The compiled snippet's generated code (compiler/specialise.ts) answers what the interpreter answers:
 * every project of config/ and every test fixture project, and seeded random projects, run both ways over
 * the same visitors and URLs (tests/unit/compiler/differential-kit.ts) give equal audience verdicts, matching
 * audiences, page conditions, page states and reports. A random project that differs is shrunk and printed.
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
    it(`${file.slice(ROOT.length + 1)}: the same verdicts, matches, page conditions and states both ways`, async () => {
      const loaded = await loadProject(file);
      const subject: Subject = {
        data: loaded.project.data as Subject['data'],
        matchers: (loaded.project.plugins ?? []).filter((plugin) => plugin.type === 'audienceMatcher'),
      };
      const random = seeded(SEED);
      const pageUrls = [...URL_POOL, ...urls(random, 6)];
      const { interpreted, compiled } = await bothWays(subject, visitors(random, 40), pageUrls);
      expect(compiled).toEqual(interpreted);
      // The run saw something: an audience answered, or a page was matched.
      const answered = interpreted.audiences.some((verdicts) => Object.keys(verdicts).length) || interpreted.pages.some((page) => Object.keys(page.conditions).length);
      expect(answered || !(subject.data.pages as unknown[] | undefined)?.length).toBe(true);
    });
  }

  it('the homepage: every audience and every page is generated, none left to the interpreter', async () => {
    const loaded = await loadProject(`${ROOT}/config/homepage/project.ts`);
    const { summary } = specialisedSource(loaded.project.data);
    expect(summary.audiences.generated).toBe(summary.audiences.total);
    expect(summary.pages.generated).toBe(summary.pages.total);
    expect(summary.audiences.total).toBeGreaterThan(0);
  });

  it(`random projects (seed ${SEED}, ${ROUNDS} rounds): the same answers both ways; a difference is shrunk to the smallest project`, async () => {
    let refused = 0;
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
      if (await differs(data)) {
        const smallest = await shrink(data, differs);
        const { interpreted, compiled } = await bothWays(subject(smallest), roundVisitors, [...roundUrls]);
        expect(compiled, `seed ${SEED + round}: the smallest project showing the difference:\n${JSON.stringify(smallest, null, 1)}`).toEqual(interpreted);
      }
    }
    // Most rounds are compared, not refused.
    expect(refused).toBeLessThan(ROUNDS / 2);
  });
});
