/**
 * The changes plugin's project rule. core/project/validate-changes.ts already checks each change's
 * shape (attributes 'Unrecognized attribute', custom code, append value, src quotes, dependencies);
 * it only warns about an unknown type, since a plugin may bring one. This rule makes a type for which
 * the snippet has no change applier an error, `Unrecognized change type "<type>"` (CHG-3), at
 * validation time rather than when the change is applied.
 */
import type { ProjectData } from '../../../core/project/types';
import type { ProjectRule } from '../../../core/project/validate';

type Obj = Record<string, any>;
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter((item) => item && typeof item === 'object') : []);

/** Every change list of the project, with its path. */
const changeLists = (data: ProjectData): Array<[string, Obj[]]> => {
  const found: Array<[string, Obj[]]> = [];
  list(data.layers).forEach((layer, l) => {
    found.push([`layers[${l}].changes`, list(layer.changes)]);
    list(layer.experiments).forEach((experiment, e) => {
      const at = `layers[${l}].experiments[${e}]`;
      found.push([`${at}.changes`, list(experiment.changes)]);
      list(experiment.variations).forEach((variation, v) =>
        list(variation.actions).forEach((action, a) => {
          const key = action.changes ? 'changes' : 'changeSet';
          found.push([`${at}.variations[${v}].actions[${a}].${key}`, list(action[key])]);
        }),
      );
    });
  });
  return found;
};

/** The rule, given what tells whether a change type has an applier among the project's plugins. */
const unknownTypeRule =
  (hasApplier: (type: string) => boolean): ProjectRule =>
  (data, report) => {
    for (const [path, changes] of changeLists(data)) {
      changes.forEach((change, index) => {
        if (typeof change.type === 'string' && !hasApplier(change.type)) {
          report({ entity: `change "${change.id}"`, path: `${path}[${index}].type`, message: `Unrecognized change type "${change.type}"` });
        }
      });
    }
  };

/** The rule over the project's own plugins, as the changes plugin registers it (`validate`): a type is known when one of them is an applier for it. */
export const pluginsRule: ProjectRule = (data, report, plugins) =>
  unknownTypeRule((type) => plugins.some((plugin) => plugin.type === 'changeApplier' && plugin.name === type))(data, report, plugins);
