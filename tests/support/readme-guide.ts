/** The README's plugin guide: its code blocks marked `<!-- plugin-guide:<file> -->`, by file name. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../compiler/snippet';

export const guideFiles = (): Record<string, string> => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return Object.fromEntries([...readme.matchAll(/<!-- plugin-guide:([\w.-]+) -->\n```ts\n([\s\S]*?)```/g)].map((match) => [match[1], match[2]]));
};
