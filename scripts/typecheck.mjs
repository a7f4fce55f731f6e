// Type-checks every package (strict), two at a time.
import fs from 'node:fs';
import path from 'node:path';
import { root, runAsync } from './lib.mjs';

export async function typecheck() {
  const packages = fs
    .readdirSync(path.join(root, 'packages'))
    .filter((name) => fs.existsSync(path.join(root, 'packages', name, 'tsconfig.json')));
  const failed = [];
  const queue = [...packages];
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      if ((await runAsync(tsc, ['-p', `packages/${name}`])) !== 0) failed.push(name);
    }
  };
  await Promise.all([worker(), worker()]);
  return failed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const failed = await typecheck();
  if (failed.length) {
    console.error(`type errors in: ${failed.join(', ')}`);
    process.exit(1);
  }
}
