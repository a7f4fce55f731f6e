// `npm start`: install, build, start everything on the embedded org emulator, print where to go.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

spawnSync(process.execPath, ['scripts/bootstrap.mjs'], { stdio: 'inherit', cwd: root });
const { buildFrontends } = await import('./build.mjs');
await buildFrontends();
const { startSystem } = await import('./system.mjs');
const system = await startSystem({ emulatorArgs: ['--test-control'] });

console.log(`
  Checklists is running.

    Open       ${system.url}
    Sign in    field.user@demo.org / demo1234   (also partner.user@demo.org, admin@demo.org)
    Org        http://127.0.0.1:${system.ports.emulator} (org-emulator, in memory)

  Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await system.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const proc of Object.values(system.procs)) {
  proc.child.once('exit', (code) => {
    if (!stopping) console.error(`${proc.name} exited (${code}); stopping.`);
    void shutdown();
  });
}
