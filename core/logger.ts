import { PRODUCT_NAME } from './constants';
import { textOf } from './errors';
import type { Logger, LogLevel } from './types';

/** Lowercase: a level's name is also the console method it writes with. */
const LEVEL_NAMES = ['off', 'error', 'warn', 'info', 'debug'];

/** A parsed log setting: the level and the optional text filter of the `LEVEL:filter` form. */
export interface LogSetting {
  level: LogLevel;
  filter: string;
}

/**
 * Parses a log setting: a level number 0..4, a level name (any case), either followed by `:filter`
 * (kept lowercased).
 * Returns undefined when the value is not a setting.
 */
export const parseLogSetting = (setting: unknown): LogSetting | undefined => {
  if (typeof setting !== 'string' && typeof setting !== 'number') return;
  const text = '' + setting;
  const colon = text.indexOf(':');
  const head = (colon < 0 ? text : text.slice(0, colon)).trim().toLowerCase();
  // Lowercased once here: lines are matched ignoring case.
  const filter = colon < 0 ? '' : text.slice(colon + 1).toLowerCase();
  const level = /^[0-4]$/.test(head) ? +head : LEVEL_NAMES.indexOf(head);
  return level < 0 ? undefined : { level: level as LogLevel, filter };
};

/**
 * Creates the logger. A line is written when its level is at or below the current level and, with a
 * filter set, when its text contains the filter (ignoring case).
 */
export const createLogger = (out: Pick<Console, 'error' | 'warn' | 'info' | 'debug'>, initial?: unknown): Logger => {
  let current: LogSetting = parseLogSetting(initial) ?? { level: 0, filter: '' };
  const write = (level: LogLevel) => (...parts: unknown[]) => {
    if (level > current.level) return;
    try {
      if (current.filter && !parts.map(textOf).join(' ').toLowerCase().includes(current.filter)) return;
      out[LEVEL_NAMES[level] as 'error'](`[${PRODUCT_NAME}]`, ...parts);
    } catch {
      // A broken console, or a part that cannot be printed, must not break the runtime.
    }
  };
  return {
    error: write(1),
    warn: write(2),
    info: write(3),
    debug: write(4),
    setLevel: (setting) => {
      const parsed = parseLogSetting(setting);
      if (parsed) current = parsed;
      return !!parsed;
    },
    level: () => current.level,
  };
};
