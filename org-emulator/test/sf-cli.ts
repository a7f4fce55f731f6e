// Salesforce's own CLI (`sf`, @salesforce/cli, a devDependency of this package) run against an emulator.
// The CLI gets an isolated HOME (its auth files, config and logs), telemetry, update checks and the OS
// keychain off, and `--json`, so a test reads the command's answer as an org's user would. Its commands
// run in one long-lived process (sf-runner.mjs): the CLI's start-up is paid once per suite.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The CLI as pnpm links it into this package (its `exports` hides its files from require.resolve). */
const CLI_DIR = fileURLToPath(new URL('../node_modules/@salesforce/cli', import.meta.url));
const RUNNER = fileURLToPath(new URL('./sf-runner.mjs', import.meta.url));
const BIN_DIR = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

/** What `sf … --json` prints: `status` 0 with `result`, or an error with `name`, `message` and `exitCode`. */
export interface SfJson<T = unknown> {
  status: number;
  result?: T;
  warnings?: string[];
  name?: string;
  message?: string;
  exitCode?: number;
  [key: string]: unknown;
}

export interface SfRun<T = unknown> {
  json: SfJson<T>;
  /** The process's exit code. */
  code: number | null;
  stderr: string;
}

interface RunnerAnswer {
  id: number;
  stdout: string;
  code: number | null;
  stderr?: string;
  error?: string;
}

export interface SfOptions {
  /** Working directory; defaults to the temp HOME. */
  cwd?: string;
  env?: Record<string, string>;
}

export interface SfCli {
  /** The temp HOME this CLI writes to (~/.sf, ~/.sfdx). */
  readonly home: string;
  /** Runs `sf <args> --json` and parses its answer. */
  run<T = unknown>(args: readonly string[], options?: SfOptions): Promise<SfRun<T>>;
  /** Like run, but throws with the CLI's message unless it answered status 0; returns `result`. */
  ok<T = unknown>(args: readonly string[], options?: SfOptions): Promise<T>;
  /** Runs `sf <args>` for its human output (tables), which must exit 0; returns stdout. */
  text(args: readonly string[], options?: SfOptions): Promise<string>;
  /** `sf org login access-token` for the emulator at `instanceUrl`, saved under `alias` and made the default org. */
  login(instanceUrl: string, accessToken: string, alias?: string): Promise<unknown>;
  /** Stops the runner and removes the temp HOME. */
  dispose(): Promise<void>;
}

export function sfCli(): SfCli {
  const home = mkdtempSync(join(tmpdir(), 'org-emulator-sf-'));
  const baseEnv: Record<string, string> = {
    // The CLI's hooks spawn `sf` by name, as on a machine where it is installed.
    PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}`,
    HOME: home,
    // Never the user's ~/.sf, never the OS keychain, never a network call but to the emulator.
    SF_USE_GENERIC_UNIX_KEYCHAIN: 'true',
    SF_DISABLE_TELEMETRY: 'true',
    SF_AUTOUPDATE_DISABLE: 'true',
    SF_SKIP_NEW_VERSION_CHECK: 'true',
    SF_HIDE_RELEASE_NOTES: 'true',
    SF_NO_COLOR: 'true',
    FORCE_COLOR: '0',
    // Tables as wide as they need to be, whatever terminal runs the tests.
    COLUMNS: '200',
    TZ: 'UTC',
  };

  // One runner process for this CLI's life: it loads the CLI once and runs the commands in turn.
  let runner: ChildProcess | undefined;
  const pending = new Map<number, (answer: RunnerAnswer) => void>();
  let nextId = 0;
  const startRunner = (): ChildProcess => {
    const child = spawn(process.execPath, ['--no-deprecation', RUNNER, realpathSync(CLI_DIR)], {
      cwd: home,
      env: baseEnv,
      stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const answer = JSON.parse(line) as RunnerAnswer;
      pending.get(answer.id)?.({ ...answer, stderr });
      pending.delete(answer.id);
    });
    child.once('exit', (code) => {
      for (const [id, resolve] of pending)
        resolve({ id, stdout: '', code, stderr, error: `sf runner exited ${String(code)}` });
      pending.clear();
      runner = undefined;
    });
    return child;
  };

  const exec = (args: readonly string[], options: SfOptions = {}): Promise<RunnerAnswer> => {
    runner ??= startRunner();
    const id = ++nextId;
    const answer = new Promise<RunnerAnswer>((resolve) => pending.set(id, resolve));
    runner.stdin?.write(
      `${JSON.stringify({ id, args, cwd: options.cwd ?? home, env: options.env ?? {} })}\n`,
    );
    return answer.then((a) => {
      if (a.error) throw new Error(`sf ${args.join(' ')}: ${a.error}\n${a.stderr ?? ''}`);
      return a;
    });
  };

  const run = async <T>(args: readonly string[], options?: SfOptions): Promise<SfRun<T>> => {
    const { stdout, stderr = '', code } = await exec([...args, '--json'], options);
    try {
      return { json: JSON.parse(stdout) as SfJson<T>, code, stderr };
    } catch {
      throw new Error(`sf ${args.join(' ')} printed no JSON (exit ${String(code)}):\n${stdout}\n${stderr}`);
    }
  };

  const ok = async <T>(args: readonly string[], options?: SfOptions): Promise<T> => {
    const { json } = await run<T>(args, options);
    if (json.status !== 0) {
      throw new Error(
        `sf ${args.join(' ')} failed: ${json.name ?? ''} ${json.message ?? JSON.stringify(json)}`,
      );
    }
    return json.result as T;
  };

  const text = async (args: readonly string[], options?: SfOptions): Promise<string> => {
    const { stdout, stderr = '', code } = await exec(args, options);
    if (code !== 0) throw new Error(`sf ${args.join(' ')} exited ${String(code)}:\n${stdout}\n${stderr}`);
    return stdout;
  };

  return {
    home,
    run,
    ok,
    text,
    login: (instanceUrl, accessToken, alias = 'emu') =>
      ok(
        [
          'org',
          'login',
          'access-token',
          '--instance-url',
          instanceUrl,
          '--alias',
          alias,
          '--set-default',
          '--no-prompt',
        ],
        { env: { SF_ACCESS_TOKEN: accessToken } },
      ),
    dispose: async () => {
      const child = runner;
      if (child) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin?.end();
        // the runner exits once stdin closes; a stuck one is stopped rather than holding the suite
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
