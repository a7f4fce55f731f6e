// `npm start`: install, build, start everything on the embedded org emulator, print where to go.
// With SF_LOGIN_URL set (a real org: see salesforce/README.md), no emulator starts and the BFF takes
// its org settings (SF_LOGIN_URL, SF_CLIENT_ID, SF_CLIENT_SECRET, SF_NAMESPACE, …) from the environment.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

spawnSync(process.execPath, ['scripts/bootstrap.mjs'], { stdio: 'inherit', cwd: root });
const { buildFrontends } = await import('./build.mjs');
await buildFrontends();
const { startSystem } = await import('./system.mjs');
const realOrg = process.env.SF_LOGIN_URL;
const orgEnv = {
  SF_SANDBOX_LOGIN_URL: 'https://test.salesforce.com',
  // The deployed External Client App is a PKCE public client: no secret unless one is set (never the demo's).
  SF_CLIENT_SECRET: '',
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('SF_'))),
};
// On the emulator, SF_NAMESPACE (set, even empty) names the package the same way in the org and the BFF:
// `SF_NAMESPACE= npm start` tries the product as an unmanaged deploy (SQX_Form_Submission__c, ...).
const namespace = process.env.SF_NAMESPACE;
const emulated =
  namespace === undefined
    ? { emulatorArgs: ['--test-control'] }
    : { emulatorArgs: ['--test-control', '--namespace', namespace], bffEnv: { SF_NAMESPACE: namespace } };
const system = await startSystem(realOrg ? { emulator: false, bffEnv: orgEnv } : emulated);

console.log(
  realOrg
    ? `
  Checklists is running against ${realOrg}.

    Open       ${system.url}
    Sign in    with a user of that org who has the CQ Field User permission set

  Ctrl-C stops everything.
`
    : `
  Checklists is running.

    Open       ${system.url}
    Sign in    field.user@demo.org / demo1234   (also partner.user@demo.org, admin@demo.org)
    Org        http://127.0.0.1:${system.ports.emulator} (org-emulator, in memory, namespace ${
      namespace === undefined || namespace ? `'${namespace ?? 'cqext'}'` : 'none'
    })

  Ctrl-C stops everything.
`,
);

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
