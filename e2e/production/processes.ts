// What runs on this machine, read from /proc (Linux): enough to tell whether a server left anything behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** R, S, D… or Z for a zombie: exited, only not yet collected by its parent (not running). */
  state: string;
  commandLine: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(ppid), state, commandLine };
  } catch {
    return undefined; // gone meanwhile
  }
}

function allProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
}

/** A process that exists and has not exited (a zombie has exited). */
export function isRunning(pid: number): boolean {
  const info = readProcess(pid);
  return info !== undefined && info.state !== 'Z';
}

/** The process and all its descendants, running now. */
export function processTree(rootPid: number): ProcessInfo[] {
  const processes = allProcesses().filter((info) => info.state !== 'Z');
  const tree = processes.filter((info) => info.pid === rootPid);
  for (let i = 0; i < tree.length; i++) tree.push(...processes.filter((info) => info.ppid === tree[i].pid));
  return tree;
}

/** Running processes whose command line names `text` (e.g. a data folder: the database serving it). */
export function processesMentioning(text: string): ProcessInfo[] {
  return allProcesses().filter((info) => info.state !== 'Z' && info.pid !== process.pid && info.commandLine.includes(text));
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = new Socket();
    socket.setTimeout(1_000, () => (socket.destroy(), done(false)));
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => (socket.destroy(), done(false)));
    socket.connect(port, '127.0.0.1');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A child process with its output kept, and a promise of its exit. */
export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child: ChildProcess = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // Exited, and its output read to the end (or 2 s later, should something it started hold the pipes open).
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => void Promise.race([closed, sleep(2_000)]).then(() => resolve({ code, signal }))),
  );
  return { child, output, exited };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
