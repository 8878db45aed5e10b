import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_NAME, DEFAULT_CLIENT_VERSION, normalizeProjectData, validateProject, type ProjectInput } from '../../../../core/project';

describe('normalizeProjectData', () => {
  it('CFG-1 fills every missing collection with [] and the client defaults', () => {
    const data = normalizeProjectData({ projectId: 'p1', accountId: 'a1', revision: 323 });
    expect(data).toEqual({
      projectId: 'p1',
      accountId: 'a1',
      revision: 323,
      clientName: 'js',
      clientVersion: '0.224.0',
      holdback: 0,
      layers: [],
      audiences: [],
      pages: [],
      events: [],
      dimensions: [],
      visitorAttributes: [],
      listTargetingKeys: [],
      dcpKeyfieldLocators: [],
      recommenderServices: [],
      plugins: [],
    });
    expect(validateProject(data)).toEqual([]);
  });

  it('KRN-8 the client name is js and the client version 0.224.0', () => {
    expect([DEFAULT_CLIENT_NAME, DEFAULT_CLIENT_VERSION]).toEqual(['js', '0.224.0']);
  });

  it('CFG-1 keeps given values, replaces null collections and does not mutate the input', () => {
    const input = {
      projectId: 'p1',
      accountId: 'a1',
      revision: '7',
      clientName: 'custom',
      holdback: 250,
      namespace: 'ns',
      layers: null,
      audiences: [{ id: 'au', conditions: [] }],
    } as unknown as ProjectInput;
    const copy = structuredClone(input);
    const data = normalizeProjectData(input);
    expect(input).toEqual(copy);
    expect(data).toMatchObject({ clientName: 'custom', clientVersion: '0.224.0', holdback: 250, namespace: 'ns', layers: [] });
    expect(data.audiences).toBe(input.audiences);
  });

  it('CFG-1 leaves malformed values for the validator to report', () => {
    const data = normalizeProjectData({ projectId: 'p1', accountId: 'a1', revision: 1, layers: 'nope' } as unknown as ProjectInput);
    expect(validateProject(data)).toEqual([
      { entity: 'project "p1"', path: 'layers', message: 'layers must be a list, got "nope"', severity: 'error' },
    ]);
  });

  it('CFG-1 a non-object input yields the defaults and a validation naming the missing ids', () => {
    for (const input of [null, undefined, 42, 'text', [1, 2]]) {
      const data = normalizeProjectData(input as unknown as ProjectInput);
      expect(data.layers).toEqual([]);
      expect(data.clientName).toBe('js');
      expect(validateProject(data).map((p) => p.path)).toEqual(['projectId', 'accountId', 'revision']);
    }
  });
});
