// One long-lived `sf`: loads Salesforce's CLI once, then runs each command it is sent in this process,
// as `bin/run.js` would, so a test suite pays the CLI's start-up (~1 s of CPU per command) once.
// Requests arrive on stdin, one JSON object per line: {id, args, cwd, env}. Answers go to fd 3, one JSON
// object per line: {id, stdout, code}; what a command prints to stdout is captured for its answer.
// Between commands the CLI's per-process caches (auth state, config) are dropped, so every command reads
// the files the previous ones wrote, as separate `sf` processes would.
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const cliRoot = process.argv[2];
if (!cliRoot) throw new Error('usage: sf-runner.mjs <@salesforce/cli directory>');
const fromCli = createRequire(join(cliRoot, 'package.json'));
const load = (name) => import(pathToFileURL(fromCli.resolve(name)).href);

const { Config, run } = await load('@oclif/core');
const { ConfigAggregator, StateAggregator, SfProject } = await load('@salesforce/core');

// As bin/run.js: the CLI is one process with many listeners.
process.setMaxListeners(1000);
const config = await Config.load({ root: join(cliRoot, 'dist') });
const answers = createWriteStream('', { fd: 3 });
const baseEnv = { ...process.env };
const baseCwd = process.cwd();

async function runOne({ args, cwd, env }) {
  let stdout = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    const done = rest.find((r) => typeof r === 'function');
    if (done) done();
    return true;
  };
  for (const key of Object.keys(process.env)) if (!(key in baseEnv)) delete process.env[key];
  Object.assign(process.env, baseEnv, env);
  process.chdir(cwd ?? baseCwd);
  process.exitCode = undefined;
  StateAggregator.clearInstance();
  await ConfigAggregator.clearInstance();
  SfProject.clearInstances();
  delete globalThis.salesforceCoreLifecycle;
  try {
    await run(args, config);
  } catch (e) {
    // --json commands have printed their error already; oclif's own exits (bad flags) carry a code
    if (!stdout) stdout = JSON.stringify({ status: e?.oclif?.exit ?? 1, name: e?.name, message: e?.message });
    if (!process.exitCode) process.exitCode = e?.oclif?.exit ?? 1;
  } finally {
    process.stdout.write = write;
  }
  const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  process.exitCode = undefined;
  return { stdout, code };
}

// One command at a time: they share process.env, the working directory and stdout.
let queue = Promise.resolve();
const requests = createInterface({ input: process.stdin });
// The CLI may leave sockets or timers behind: once the caller is done and the last command answered, stop.
requests.on('close', () => {
  void queue.then(() => answers.end(() => process.exit(0)));
});
requests.on('line', (line) => {
  const request = JSON.parse(line);
  queue = queue.then(async () => {
    const answer = await runOne(request).catch((e) => ({
      stdout: '',
      code: 1,
      error: String(e?.stack ?? e),
    }));
    answers.write(`${JSON.stringify({ id: request.id, ...answer })}\n`);
  });
});
