import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

// One server instance of the cluster test, as a child process started the way `npm start` starts the
// server, with its own DATA_DIR and its JSON log lines kept for the test to read.

/** How the server is started: what `npm start` runs. Change it here to test another build. */
export function serverCommand(): { command: string; args: string[]; cwd: string } {
  const cwd = path.join(import.meta.dirname, '..');
  return { command: process.execPath, args: ['--import', 'tsx', 'src/main.ts'], cwd };
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface Instance {
  name: string;
  /** The HTTP base, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Every log line of this instance so far (of all its lives, when started again). */
  logs: LogLine[];
  /** SIGTERM, as an operator stops it; resolves when the process has ended. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing closed cleanly. */
  kill(): Promise<void>;
}

const READY = /^RMS Console on http:\/\/localhost:(\d+)/;

/** Every instance still running: none outlives the test run, even one whose start timed out. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts an instance and answers once it listens (or fails with what it printed). */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  logs: LogLine[] = [],
): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `rms-cluster-${name}-`));
  const { command, args, cwd } = serverCommand();
  const child = spawn(command, args, {
    cwd,
    // JSON log lines whatever the environment's default: the test reads them.
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as LogLine;
      logs.push(entry);
      const ready = READY.exec(entry.msg ?? '');
      if (ready) resolve(Number(ready[1]));
    });
    void exited.then(() => reject(new Error(`instance ${name} ended before it was ready:\n${stderr}`)));
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    logs,
    stop: () => end(child, 'SIGTERM', exited),
    kill: () => end(child, 'SIGKILL', exited),
  };
}

async function end(child: ChildProcess, signal: NodeJS.Signals, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const late = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(late);
}
