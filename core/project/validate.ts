/**
 * Structural validator of project data (runtime-spec §5 "Structure", requirements CFG).
 * It returns every problem it finds and never throws, whatever it is given, so that a build,
 * the editor and the kernel can all show the full list at once.
 */
import { LIST_FIELDS } from './normalize';
import type { ProjectData } from './types';
import type { Plugin } from '../types';
import { LIST_TARGETING_KEY_TYPES, VISITOR_ID_LOCATOR_TYPES } from './types';
import { checkEntities } from './validate-entities';
import {
  type Checker,
  type Obj,
  type Scope,
  type Severity,
  type ValidationProblem,
  checkFlag,
  checkOneOf,
  checkPoints,
  checkText,
  child,
  eachObject,
  errorText,
  idsOf,
  isNumber,
  isObject,
  isText,
  show,
} from './validate-kit';
import { checkLayers } from './validate-layers';

export type { Severity, ValidationProblem };

/** A problem as a rule reports it: severity may be left out and then means error. */
export type ProblemReport = Omit<ValidationProblem, 'severity'> & { severity?: Severity };

/**
 * An extra structural rule, e.g. contributed by a plugin (a matcher checking its condition
 * type). Called once per validation after the built-in checks, with the data as given and the
 * project's plugins (so a rule can check that every condition or change type has its plugin, at
 * snippet build as at kernel start); it reports through `report`. A rule that throws is itself
 * reported as an error.
 */
export type ProjectRule = (data: ProjectData, report: (problem: ProblemReport) => void, plugins: readonly Plugin[]) => void;

/** Options of {@link validateProject}. */
export interface ValidateOptions {
  /** Extra rules run after the built-in ones. Default none. */
  rules?: ProjectRule[];
  /** The project's plugins, handed to the rules. Default none. */
  plugins?: readonly Plugin[];
}


/** `entity: message (at path)`, one line for logs and build output. */
export function formatProblem(problem: ValidationProblem): string {
  return `${problem.entity}: ${problem.message} (at ${problem.path || '(root)'})`;
}

/**
 * Checks project data against the structural rules and returns every problem found, in data
 * order, errors and warnings alike (empty when the project is valid). The kernel refuses a
 * project that has errors; warnings mark values the runtime ignores. Never throws.
 */
export function validateProject(data: ProjectData, options?: ValidateOptions): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  // Rules from plugins may report anything; coerce so that formatProblem always works.
  const add = (problem: ProblemReport): void => {
    const p: Partial<ProblemReport> = isObject(problem) ? problem : { message: show(problem) };
    problems.push({
      entity: String(p.entity ?? 'project'),
      path: String(p.path ?? ''),
      message: String(p.message ?? ''),
      severity: p.severity === 'warning' ? 'warning' : 'error',
    });
  };
  const root: Scope = { entity: 'project', path: '' };
  const plugins: readonly Plugin[] = isObject(options) && Array.isArray(options.plugins) ? options.plugins : [];
  try {
    if (!isObject(data)) {
      add({ ...root, message: `Project data must be an object, got ${show(data)}` });
      return problems;
    }
    if (isText(data.projectId)) root.entity = `project "${data.projectId}"`;
    const c: Checker = {
      report: (scope, message, severity) => add({ ...scope, message, severity }),
      pageIds: idsOf(data.pages),
      audienceIds: idsOf(data.audiences),
      // Asked like matchers are: a project's own change type is known when its applier is registered.
      hasApplier: (type) => plugins.some((plugin) => plugin?.type === 'changeApplier' && plugin.name === type),
    };
    checkGlobal(c, root, data as unknown as Obj);
    if (Array.isArray(data.layers)) checkLayers(c, child(root, 'layers'), data.layers);
    checkEntities(c, root, data as unknown as Obj);
  } catch (error) {
    // Only exotic input gets here (a throwing getter or proxy); report it instead of failing the caller.
    add({ ...root, message: `Validation stopped on malformed data: ${errorText(error)}` });
  }
  const rules = isObject(options) && Array.isArray(options.rules) ? options.rules : [];
  if (isObject(data)) {
    for (const rule of rules) {
      try {
        if (typeof rule !== 'function') throw new TypeError(`a rule must be a function, got ${show(rule)}`);
        rule(data, add, plugins);
      } catch (error) {
        add({ ...root, message: `Project rule failed: ${errorText(error)}` });
      }
    }
  }
  return problems;
}

/** Global data (CFG-1..4) and the presence of every list. */
function checkGlobal(c: Checker, root: Scope, data: Obj): void {
  checkText(c, root, data, 'projectId', true);
  checkText(c, root, data, 'accountId', true);
  const revision = data.revision;
  if (!(isNumber(revision) || (isText(revision) && Number.isFinite(Number(revision))))) {
    c.report(child(root, 'revision'), `revision must be a number or a numeric string, got ${show(revision)}`);
  }
  for (const key of ['snippetId', 'namespace', 'clientName', 'clientVersion', 'activationId', 'ga4UserId', 'dcpServiceId']) {
    checkText(c, root, data, key);
  }
  checkFlag(c, root, data, 'anonymizeIP');
  checkFlag(c, root, data, 'enableForceParameters');
  checkPoints(c, root, data, 'holdback');
  for (const key of LIST_FIELDS) {
    if (!Array.isArray(data[key])) {
      c.report(child(root, key), data[key] == null ? `${key} is missing (normalizeProjectData fills it with [])` : `${key} must be a list, got ${show(data[key])}`);
    }
  }
  if (Array.isArray(data.listTargetingKeys)) {
    eachObject(c, child(root, 'listTargetingKeys'), data.listTargetingKeys, (key, _index, path) => checkLocator(c, { ...root, path }, key, LIST_TARGETING_KEY_TYPES));
  }
  if (data.visitorIdLocator != null) {
    const at = child(root, 'visitorIdLocator');
    if (isObject(data.visitorIdLocator)) checkLocator(c, at, data.visitorIdLocator, VISITOR_ID_LOCATOR_TYPES);
    else c.report(at, `visitorIdLocator must be an object with a type and a name, got ${show(data.visitorIdLocator)}`);
  }
  if (Array.isArray(data.plugins)) {
    data.plugins.forEach((plugin, i) => {
      if (typeof plugin !== 'function') c.report(child(child(root, 'plugins'), i), `A project plugin must be a function (code is never evaluated from text, for a strict CSP), got ${show(plugin)}`);
    });
  }
  if (data.projectJS != null && typeof data.projectJS !== 'function') {
    c.report(child(root, 'projectJS'), `projectJS must be a function (code is never evaluated from text, for a strict CSP), got ${show(data.projectJS)}`);
  }
  if (data.experimental != null && !isObject(data.experimental)) {
    c.report(child(root, 'experimental'), `experimental must be an object, got ${show(data.experimental)}`);
  }
}

/** listTargetingKeys entries (CFG-2) and visitorIdLocator (CFG-3): a known type plus a non-empty name. */
function checkLocator(c: Checker, at: Scope, locator: Obj, types: readonly string[]): void {
  if (locator.type == null) c.report(child(at, 'type'), `type is required, one of ${types.join(', ')}`);
  else checkOneOf(c, at, locator, 'type', types);
  checkText(c, at, locator, 'name', true);
}
