/**
 * `npm run docs:reference`: regenerates the README's project data reference from
 * core/project/types.ts (see scripts/lib/project-reference.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withReference } from './lib/project-reference';
import { ROOT } from '../compiler/snippet';

const file = join(ROOT, 'README.md');
const before = readFileSync(file, 'utf8');
const after = withReference(before);
writeFileSync(file, after);
console.log(after === before ? 'README.md: the project data reference is up to date.' : 'README.md: the project data reference was regenerated.');
