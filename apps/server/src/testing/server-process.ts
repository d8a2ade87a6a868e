import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

// The whole server in a process of its own, as an operator runs it (the sources through tsx, or the
// compiled build), for tests that signal it or check what it serves. It logs JSON at info; the ports it
// was given (PORT=0, MQTT_PORT=0: the system's choice) are read from its start lines.

export interface ServerProcess {
  child: ChildProcess;
  httpPort: number;
  /** The embedded broker's port. */
  mqttPort: number;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Every log message so far. */
  messages: string[];
  /** Standard error so far (a start that failed says why there). */
  stderr(): string;
}

/** `env` is the whole environment (the test's own, less what must not reach the server, and its settings). */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const messages: string[] = [];
  let httpPort = 0;
  let mqttPort = 0;
  const started = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let msg: unknown;
      try {
        msg = (JSON.parse(line) as { msg?: unknown }).msg;
      } catch {
        return; // the first start's framed notices are not JSON
      }
      if (typeof msg !== 'string') return;
      messages.push(msg);
      httpPort ||= Number(/^RMS Console on http:\/\/localhost:(\d+)/.exec(msg)?.[1] ?? 0);
      mqttPort ||= Number(/^MQTT broker on port (\d+)/.exec(msg)?.[1] ?? 0);
      if (httpPort && mqttPort) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code} before it started:\n${stderr}`)));
  });
  await started;
  return { child, httpPort, mqttPort, exited, messages, stderr: () => stderr };
}
