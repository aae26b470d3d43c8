import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseRole } from '../apps/server/src/app/cli/args.ts';
import { envSchema } from '../apps/server/src/app/config/env.ts';
import { freePort, startServer, type ServerProcess } from './support/server-process.ts';
import { migratedEmbeddedDatabase } from './support/test-database.ts';

// No Docker engine runs where the suite runs, so the image's recipe is checked step by step
// outside Docker: its install is the one CI runs on a fresh clone, its start command and
// environment start Jiffy, its health check passes against that and fails without it, and
// compose.yaml only sets variables Jiffy reads, with values it accepts, on roles it knows.
const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** `ENV A=1 B=2` lines as one record. */
function environment(steps: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const step of steps.filter((s) => s.keyword === 'ENV')) {
    for (const pair of step.args.split(/\s+/)) {
      const [name, value] = pair.split('=');
      env[name!] = value!;
    }
  }
  return env;
}

/** The JSON (exec) form of CMD or of HEALTHCHECK's CMD. */
function execForm(args: string): string[] {
  return JSON.parse(args.slice(args.indexOf('['))) as string[];
}

/** Runs a command with `env`; resolves with its exit code. */
function run(command: string[], env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: REPOSITORY,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

describe.skipIf(process.env.DATABASE_URL)('the container recipe, outside a container', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await server?.shutdown();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('installs as CI does, starts with its command and environment, and passes its health check', async () => {
    const steps = instructions(await fs.readFile(path.join(REPOSITORY, 'Dockerfile'), 'utf8'));
    expect(steps[0]?.keyword).toBe('FROM');
    expect(steps[0]?.args).toMatch(/^node:24-/);
    expect(steps.find((s) => s.keyword === 'USER')?.args).toBe('node');

    // The image installs exactly as CI's fresh clone does (which runs this very suite after it).
    const install = steps.find((s) => s.keyword === 'RUN' && s.args.startsWith('npm '));
    const ci = await fs.readFile(path.join(REPOSITORY, '.ci/run'), 'utf8');
    expect(ci.split('\n')).toContain(install!.args);

    const imageEnv = environment(steps);
    expect(envSchema.safeParse(imageEnv).success).toBe(true);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-image-'));
    // What is checked here is the image's command and environment; a first start's migrations
    // are start.system.test.ts's, so this one opens the run's migrated database.
    await migratedEmbeddedDatabase(dataDir);
    const port = String(await freePort());
    // The image's environment, but a data folder and port of the test's own; no demo seeding.
    const env = { ...imageEnv, DATA_DIR: dataDir, PORT: port, SEED_DEMO: 'false' };
    const command = execForm(steps.find((s) => s.keyword === 'CMD')!.args);
    server = await startServer(env, [], { command });
    expect(server.url).toBe(`http://localhost:${port}`);
    expect((await fetch(`${server.url}/v1/gifs/trending?api_key=${server.apiKey}`)).status).toBe(
      200,
    );

    const healthcheck = execForm(steps.find((s) => s.keyword === 'HEALTHCHECK')!.args);
    expect(await run(healthcheck, env)).toBe(0);
    await server.stop();
    expect(await run(healthcheck, env)).toBe(1);
  }, 120_000);

  it('compose.yaml runs that image as API nodes and a worker with settings Jiffy accepts', async () => {
    const steps = instructions(await fs.readFile(path.join(REPOSITORY, 'Dockerfile'), 'utf8'));
    const imageCommand = execForm(steps.find((s) => s.keyword === 'CMD')!.args);
    const compose = parseYaml(await fs.readFile(path.join(REPOSITORY, 'compose.yaml'), 'utf8'), {
      merge: true,
    }) as {
      services: Record<
        string,
        { build?: string; command?: string[]; environment?: Record<string, string> }
      >;
    };
    const jiffyNodes = Object.entries(compose.services).filter(([, s]) => s.build === '.');
    const roles = jiffyNodes.map(([, service]) => {
      const command = service.command!;
      // The image's own command plus a role flag, nothing else.
      expect(command.slice(0, imageCommand.length)).toEqual(imageCommand);
      return parseRole(command.slice(imageCommand.length));
    });
    expect(roles.sort()).toEqual(['api', 'api', 'worker']);

    const known = new Set(Object.keys(envSchema.shape));
    for (const [name, service] of jiffyNodes) {
      const env = service.environment ?? {};
      expect(
        Object.keys(env).filter((key) => !known.has(key)),
        name,
      ).toEqual([]);
      const parsed = envSchema.safeParse({ ...environment(steps), ...env });
      expect(parsed.error?.issues ?? [], name).toEqual([]);
      // Split nodes need a shared database (the embedded one belongs to one process).
      expect(env['DATABASE_URL'], name).toMatch(/^postgres:\/\//);
    }
    // Every service a node depends on is defined.
    for (const [, service] of jiffyNodes) {
      const dependsOn = (service as { depends_on?: Record<string, unknown> }).depends_on ?? {};
      for (const dependency of Object.keys(dependsOn))
        expect(Object.keys(compose.services)).toContain(dependency);
    }
  });
});
