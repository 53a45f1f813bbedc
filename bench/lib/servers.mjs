// Builds and wrangler-dev servers for the benchmarks: each server runs in its own process group
// so that stopping it stops wrangler and its workerd children too, and nothing else.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { quietEnv } from "../../scripts/lib.mjs";

export const ROOT = join(import.meta.dirname, "..", "..");
export const OUT = join(ROOT, "bench", ".out");
const LOGS = join(OUT, "logs");

/** Copies `from` to a fresh `to` and links the project's node_modules into it. */
export function stageApp(from, to, entries) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  // An older revision may lack an entry a newer one has (core/ came with issue 37).
  for (const e of entries ?? ["."]) if (existsSync(join(from, e))) cpSync(join(from, e), join(to, e), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(to, "node_modules"), "dir");
}

/**
 * Copies a git revision (through a temporary worktree beside `to`) or, with `rev` null, the
 * working tree into `to`, for an A/B of a revision against the working tree.
 */
export function stageRevision(rev, to, entries) {
  if (!rev) return stageApp(ROOT, to, entries);
  const tree = `${to}-tree`;
  rmSync(tree, { recursive: true, force: true });
  execFileSync("git", ["worktree", "add", "--detach", tree, rev], { cwd: ROOT, stdio: "ignore" });
  try {
    stageApp(tree, to, entries);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", tree], { cwd: ROOT, stdio: "ignore" });
  }
}

/** `react-router build` in `cwd`; quiet unless it fails. Returns the seconds it took. */
export function build(cwd, label) {
  const started = performance.now();
  const r = spawnSync(join(ROOT, "node_modules", ".bin", "react-router"), ["build"], { cwd, env: quietEnv, encoding: "utf8" });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}\n`);
    throw new Error(`${label}: react-router build exited with ${r.status ?? r.signal}`);
  }
  return (performance.now() - started) / 1000;
}

/** scripts/lib.mjs prepareDatabase in a child process, so its wrangler output stays in a log. */
export function prepareDatabaseQuietly(persistTo, appDir = ROOT) {
  rmSync(persistTo, { recursive: true, force: true });
  // The revision's own migrations and seed: a side staged from an older revision gets the schema its code expects.
  const lib = pathToFileURL(join(appDir, "scripts", "lib.mjs")).href;
  const code = `import(${JSON.stringify(lib)}).then((m) => m.prepareDatabase(${JSON.stringify(resolve(persistTo))}))`;
  const r = spawnSync(process.execPath, ["-e", code], { cwd: appDir, env: quietEnv, encoding: "utf8" });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}\n`);
    throw new Error(`prepareDatabase(${persistTo}) exited with ${r.status ?? r.signal}`);
  }
}

const running = new Set();

function portInUse(port) {
  return new Promise((resolve) => {
    const s = connect({ host: "127.0.0.1", port });
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

function startGroup(name, cmd, args, cwd, port) {
  mkdirSync(LOGS, { recursive: true });
  const log = createWriteStream(join(LOGS, `${name}-${port}.log`));
  const child = spawn(cmd, args, { cwd, env: quietEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const server = { name, port, child, exited: new Promise((r) => child.once("exit", r)) };
  running.add(server);
  return server;
}

/** Playfront's build under scripts/lib.mjs serveBuild (run from `appDir`, which holds build/). */
export async function servePlayfront({ appDir, port, persistTo, vars = {} }) {
  if (await portInUse(port)) throw new Error(`port ${port} is already in use`);
  const lib = pathToFileURL(join(ROOT, "scripts", "lib.mjs")).href;
  const code = `import(${JSON.stringify(lib)}).then((m) => {
    const c = m.serveBuild(${JSON.stringify({ port, persistTo, vars })});
    c.on("exit", (code) => process.exit(code ?? 0));
    for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => c.kill(s));
  })`;
  const server = startGroup("playfront", process.execPath, ["-e", code], appDir, port);
  await waitReady(server);
  return server;
}

/** Any other build: wrangler dev on its generated build/server/wrangler.json. */
export async function serveWrangler({ name, appDir, port, extraArgs = [] }) {
  if (await portInUse(port)) throw new Error(`port ${port} is already in use`);
  if (!existsSync(join(appDir, "build", "server", "wrangler.json"))) throw new Error(`${appDir} is not built`);
  const args = [
    "dev",
    "-c",
    "build/server/wrangler.json",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...extraArgs,
  ];
  const server = startGroup(name, join(ROOT, "node_modules", ".bin", "wrangler"), args, appDir, port);
  await waitReady(server);
  return server;
}

async function waitReady(server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await stop(server);
  throw new Error(`${server.name} on port ${server.port} did not become ready (see bench/.out/logs/${server.name}-${server.port}.log)`);
}

function signalGroup(server, sig) {
  try {
    process.kill(-server.child.pid, sig);
  } catch {
    // the group is gone already
  }
}

/** Stops one server's process group: SIGTERM, then SIGKILL after 5 s. */
export async function stop(server) {
  if (!running.has(server)) return;
  running.delete(server);
  signalGroup(server, "SIGTERM");
  const timer = setTimeout(() => signalGroup(server, "SIGKILL"), 5_000);
  await server.exited;
  clearTimeout(timer);
  // wrangler may leave workerd a moment behind its own exit
  await new Promise((r) => setTimeout(r, 300));
  signalGroup(server, "SIGKILL");
}

/**
 * Kills one server's process group at once (SIGKILL: wrangler and workerd die mid-instruction, no
 * handler runs, as a machine losing power would), and answers when it is gone.
 */
export async function kill(server) {
  if (!running.has(server)) return;
  running.delete(server);
  signalGroup(server, "SIGKILL");
  await server.exited;
  // workerd is wrangler's child in the same group: give the kernel a moment to reap it and free the port.
  while (await portInUse(server.port)) await new Promise((r) => setTimeout(r, 100));
}

/** Last-resort synchronous cleanup on exit or interruption. */
export function killAllSync() {
  for (const s of running) signalGroup(s, "SIGKILL");
  running.clear();
}

/** Every server this process started is killed when it exits or is interrupted. */
export function killAllOnExit() {
  process.on("exit", killAllSync);
  for (const sig of ["SIGINT", "SIGTERM"])
    process.on(sig, () => {
      killAllSync();
      process.exit(130);
    });
}
