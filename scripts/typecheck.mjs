// Type-checks every package (strict), two at a time.
import fs from 'node:fs';
import path from 'node:path';
import { root, runAsync, workspacePackages } from './lib.mjs';

export async function typecheck() {
  // Each package, plus nested projects with their own lib settings (e.g. the shell's service worker).
  const packages = workspacePackages()
    .flatMap((name) => [
      name,
      ...(fs.existsSync(path.join(root, name, 'src'))
        ? fs.readdirSync(path.join(root, name, 'src'), { withFileTypes: true })
        : []
      )
        .filter((d) => d.isDirectory() && fs.existsSync(path.join(d.parentPath, d.name, 'tsconfig.json')))
        .map((d) => `${name}/src/${d.name}`),
    ])
    .filter((name) => fs.existsSync(path.join(root, name, 'tsconfig.json')));
  const failed = [];
  const queue = [...packages];
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      if ((await runAsync(tsc, ['-p', name])) !== 0) failed.push(name);
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
