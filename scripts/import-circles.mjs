// No import circles: in every workspace package, no files import each other, directly or around a
// loop (type-only imports count: a circle of types is a module on the wrong side all the same).
// Run by `npm test` as a gate after install (madge is a root dev dependency).
import fs from 'node:fs';
import path from 'node:path';
import { root, workspacePackages } from './lib.mjs';

const { default: madge } = await import('madge');

export async function importCircles() {
  const found = [];
  for (const name of workspacePackages()) {
    const dir = path.join(root, name);
    if (!fs.existsSync(path.join(dir, 'tsconfig.json'))) continue;
    const graph = await madge(dir, {
      fileExtensions: ['ts', 'tsx', 'mjs', 'js'],
      tsConfig: path.join(dir, 'tsconfig.json'),
      excludeRegExp: [/node_modules/, /(^|\/)dist\//, /test-results/, /\.tmp/],
    });
    for (const circle of graph.circular()) found.push(`${name}: ${circle.join(' > ')}`);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = await importCircles();
  for (const line of found) console.error(`import circle: ${line}`);
  console.log(found.length === 0 ? 'no import circles' : `${found.length} import circle(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
