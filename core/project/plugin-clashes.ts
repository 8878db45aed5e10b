/**
 * A project's plugin list checked for name clashes before it is built: two plugins of one kind under one
 * name would have the later one silently take the earlier one's place, so it is an error unless the later
 * one says it replaces the earlier on purpose (`replacing()`, core/define.ts), which is reported as a note.
 * The kernel refuses the same clash at registration (core/registry.ts) with the same catalogue message.
 */
import { msgPluginNameTaken, msgPluginReplaced } from '../messages';
import type { Plugin } from '../types';
import type { ValidationProblem } from './validate-kit';

/** Clashes (errors) and deliberate replacements (warnings) in a plugin list, in list order. */
export const pluginClashes = (plugins: readonly Plugin[]): ValidationProblem[] => {
  const seen = new Set<string>();
  const problems: ValidationProblem[] = [];
  plugins.forEach((plugin, index) => {
    const key = `${plugin?.type} ${plugin?.name}`;
    if (seen.has(key)) {
      const at = { entity: 'project plugins', path: `plugins[${index}]` };
      problems.push(
        plugin.replaces
          ? { ...at, message: msgPluginReplaced(key), severity: 'warning' }
          : { ...at, message: `${msgPluginNameTaken(key)}: wrap it in replacing() to replace the earlier one on purpose`, severity: 'error' },
      );
    }
    seen.add(key);
  });
  return problems;
};
