#!/usr/bin/env node
// `varia-build-snippet <project.ts|project.json> [--out file]` (or `--all`): the snippet build as a
// command for packages that depend on this one. The build is TypeScript; tsx runs it as is.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../build-snippet.ts', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
