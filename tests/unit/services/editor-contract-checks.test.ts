/**
 * EDT-1, EDT-12: the editor API's contract as data: each route's method and path, and the checks its
 * parameters, query and body are held to before a handler sees them (editor-model/api-contract.ts).
 * A check answers undefined for what it accepts and the reason for what it refuses.
 */
import { describe, expect, it } from 'vitest';
import {
  EDITOR_API,
  isProjectId,
  MAX_NOTE,
  MAX_PREVIEW_CODE,
  MAX_REQUEST_BYTES,
  MAX_WORKING_COPY_BYTES,
  PARAM_CHECKS,
  routePath,
} from '../../../editor-model/api-contract';

const body = (route: keyof typeof EDITOR_API, value: unknown) => (EDITOR_API[route] as { body?: (v: unknown, p: string) => string | undefined }).body?.(value, '');
const query = (route: keyof typeof EDITOR_API, key: string, value: string | undefined) =>
  (EDITOR_API[route] as { query?: Record<string, (v: unknown, p: string) => string | undefined> }).query?.[key]?.(value, key);

describe('the routes', () => {
  it('EDT-12 each route\'s method and path', () => {
    expect(Object.fromEntries(Object.entries(EDITOR_API).map(([name, spec]) => [name, `${spec.method} ${spec.path}`]))).toEqual({
      listProjects: 'GET /api/editor/projects',
      createProject: 'POST /api/editor/projects',
      projectInfo: 'GET /api/editor/projects/:id',
      openProject: 'GET /api/editor/projects/:id/open',
      saveProject: 'POST /api/editor/projects/:id/save',
      review: 'GET /api/editor/projects/:id/review',
      publish: 'POST /api/editor/projects/:id/publish',
      rollback: 'POST /api/editor/projects/:id/rollback',
      revisions: 'GET /api/editor/projects/:id/revisions',
      revision: 'GET /api/editor/projects/:id/revisions/:revision',
      diff: 'GET /api/editor/projects/:id/diff',
      results: 'GET /api/editor/projects/:id/results',
      resultsDaily: 'GET /api/editor/projects/:id/results/daily',
      previewLink: 'POST /api/editor/projects/:id/preview-link',
      previewCode: 'POST /api/editor/preview-code',
    });
  });

  it('EDT-7 only a save may carry a whole working copy; other bodies keep the small limit', () => {
    expect(EDITOR_API.saveProject.limit).toBe(MAX_WORKING_COPY_BYTES);
    expect(MAX_WORKING_COPY_BYTES).toBe(8 * 1024 * 1024);
    expect(MAX_REQUEST_BYTES).toBe(256 * 1024);
    for (const [name, spec] of Object.entries(EDITOR_API)) if (name !== 'saveProject') expect((spec as { limit?: number }).limit, name).toBeUndefined();
  });

  it('EDT-1 paths are built with each parameter encoded', () => {
    expect(routePath('revision', { id: 'home', revision: '3' })).toBe('/api/editor/projects/home/revisions/3');
    expect(routePath('projectInfo', { id: 'a/b c' })).toBe('/api/editor/projects/a%2Fb%20c');
    expect(routePath('listProjects', {} as never)).toBe('/api/editor/projects');
  });
});

describe('parameters', () => {
  it('EDT-1 a project id is 1 to 64 lower-case letters, digits, - or _', () => {
    for (const id of ['a', 'home_page-2', 'x'.repeat(64)]) expect(isProjectId(id), id).toBe(true);
    for (const id of ['', 'Home', 'a b', 'a/b', '../x', 'x'.repeat(65), 7, null]) expect(isProjectId(id), String(id)).toBe(false);
    expect(PARAM_CHECKS.id('Bad', 'id')).toBe('id must be a project id: 1 to 64 lower-case letters, digits, "-" or "_"');
    expect(PARAM_CHECKS.id('good', 'id')).toBeUndefined();
  });

  it('EDT-11 a revision is a number from 1, without leading zeros, of at most eight digits', () => {
    for (const revision of ['1', '10', '99999999']) expect(PARAM_CHECKS.revision(revision, 'revision'), revision).toBeUndefined();
    for (const revision of ['0', '01', '1e3', '-1', '1.5', '123456789', '']) {
      expect(PARAM_CHECKS.revision(revision, 'revision'), revision).toBe('revision must be a revision number');
    }
  });
});

describe('queries', () => {
  it('EDT-10 a diff side is working, live or a revision number, or absent', () => {
    for (const side of [undefined, 'working', 'live', '1', '12345678']) expect(query('diff', 'from', side), String(side)).toBeUndefined();
    for (const side of ['Working', '0', '../../x', '123456789', '']) expect(query('diff', 'to', side), side).toMatch(/^to must be /);
  });

  it('EDT-24 the daily results name an experiment, and a goal or none', () => {
    expect(query('resultsDaily', 'experiment', 'exp-1')).toBeUndefined();
    expect(query('resultsDaily', 'experiment', undefined)).toBe('experiment must be a string');
    expect(query('resultsDaily', 'experiment', 'x'.repeat(501))).toMatch(/^experiment /);
    expect(query('resultsDaily', 'goal', undefined)).toBeUndefined();
    expect(query('resultsDaily', 'goal', 'x'.repeat(501))).toMatch(/^goal /);
  });
});

describe('bodies', () => {
  it('EDT-1 a new project: a project id, and an account and a name of at most 200 characters if given', () => {
    expect(body('createProject', { projectId: 'mine' })).toBeUndefined();
    expect(body('createProject', { projectId: 'mine', accountId: 'acc', name: 'x'.repeat(200) })).toBeUndefined();
    expect(body('createProject', { projectId: 'Mine' })).toMatch(/projectId must be a project id/);
    expect(body('createProject', {})).toMatch(/projectId/);
    expect(body('createProject', { projectId: 'mine', name: 'x'.repeat(201) })).toMatch(/^name /);
    expect(body('createProject', { projectId: 'mine', accountId: 5 })).toMatch(/^accountId must be a string/);
    expect(body('createProject', null)).toMatch(/must be a JSON object/);
  });

  it('EDT-7 a save: TinyBase mergeable content [tables, values], each a stamp [thing, time, hash], or nothing', () => {
    const stamp = [{}, 'Nn1JUF-----7JQY8', 0];
    expect(body('saveProject', {})).toBeUndefined();
    expect(body('saveProject', { content: [stamp, stamp] })).toBeUndefined();
    expect(body('saveProject', { content: [stamp, [{}, 'time']] })).toBeUndefined();
    expect(body('saveProject', { content: { not: 'content' } })).toBe('content must be a TinyBase mergeable content [tables, values]');
    expect(body('saveProject', { content: [stamp] })).toBe('content must be a TinyBase mergeable content [tables, values]');
    expect(body('saveProject', { content: [stamp, stamp, stamp] })).toBe('content must be a TinyBase mergeable content [tables, values]');
    expect(body('saveProject', { content: [[{}], stamp] })).toBe('content[0] must be a TinyBase stamp [thing, time, hash]');
    expect(body('saveProject', { content: [stamp, [[], 'time']] })).toBe('content[1] must be a TinyBase stamp [thing, time, hash]');
    expect(body('saveProject', { content: [stamp, [{}, 7]] })).toBe('content[1] must be a TinyBase stamp [thing, time, hash]');
    expect(body('saveProject', { content: [stamp, 'x'] })).toBe('content[1] must be a TinyBase stamp [thing, time, hash]');
  });

  it('EDT-12 a publish: a note of at most 2,000 characters, and the conflicts acknowledged (at most 200)', () => {
    const conflict = { experimentId: 'e1', otherExperimentId: 'e.2', viewId: 'home_v', description: 'Both change the hero' };
    expect(body('publish', {})).toBeUndefined();
    expect(body('publish', { note: 'x'.repeat(MAX_NOTE), acknowledgedConflicts: [conflict] })).toBeUndefined();
    expect(body('publish', { note: 'x'.repeat(MAX_NOTE + 1) })).toMatch(/^note /);
    expect(body('publish', { note: 5 })).toBe('note must be a string');
    expect(body('publish', { acknowledgedConflicts: Array(201).fill(conflict) })).toMatch(/^acknowledgedConflicts must have at most 200 items/);
    expect(body('publish', { acknowledgedConflicts: [{ ...conflict, viewId: 'a b' }] })).toMatch(/viewId must be an entity id/);
    expect(body('publish', { acknowledgedConflicts: [{ ...conflict, experimentId: 'x'.repeat(201) }] })).toMatch(/experimentId must be an entity id/);
    expect(body('publish', { acknowledgedConflicts: [{ ...conflict, description: 'x'.repeat(1001) }] })).toMatch(/description /);
    expect(body('publish', { acknowledgedConflicts: [{ ...conflict, otherExperimentId: undefined }] })).toMatch(/otherExperimentId/);
  });

  it('EDT-11 a rollback: a revision number from 1, a note, and whether the working copy follows', () => {
    expect(body('rollback', { revision: 3 })).toBeUndefined();
    expect(body('rollback', { revision: 3, note: 'back', followWorkingCopy: true })).toBeUndefined();
    expect(body('rollback', { revision: '3' })).toMatch(/^revision /);
    expect(body('rollback', { revision: 0 })).toMatch(/^revision /);
    expect(body('rollback', { revision: 3, followWorkingCopy: 'yes' })).toBe('followWorkingCopy must be true or false');
  });

  it('EDT-23 EDT-21 a preview link names 1 to 100 variations by id; preview code is text of at most 200,000 characters', () => {
    expect(body('previewLink', { variationIds: ['v1', 'v.2'] })).toBeUndefined();
    expect(body('previewLink', { variationIds: ['v 1'] })).toMatch(/must be a variation id/);
    expect(body('previewLink', { variationIds: Array(101).fill('v') })).toMatch(/at most 100 items/);
    expect(body('previewLink', {})).toMatch(/^variationIds must be a list/);
    expect(body('previewCode', { code: 'x'.repeat(MAX_PREVIEW_CODE) })).toBeUndefined();
    expect(body('previewCode', { code: 'x'.repeat(MAX_PREVIEW_CODE + 1) })).toMatch(/^code /);
    expect(body('previewCode', {})).toBe('code must be a string');
  });
});
