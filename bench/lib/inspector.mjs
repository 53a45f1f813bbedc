import WebSocket from "ws";

/**
 * The DevTools protocol over one of workerd's inspector targets (`wrangler dev --inspector-port`,
 * its `/json` list): `send(method, params)` answers the call's result. For the CPU profilers
 * (ssr-profile.mjs, round-profile.mjs).
 */
export async function connectInspector(target) {
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://127.0.0.1" } });
  await new Promise((r, j) => {
    ws.once("open", r);
    ws.once("error", j);
  });
  let id = 0;
  const pending = new Map();
  ws.on("message", (m) => {
    const msg = JSON.parse(m);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg.result);
      pending.delete(msg.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((r) => {
      pending.set(++id, r);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { title: target.title, send, close: () => ws.close() };
}

/** Profiles every inspector target of the server on `inspectorPort` while `fn` runs; answers [{ title, profile }]. */
export async function profileTargets(inspectorPort, fn) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const sessions = await Promise.all(targets.map(connectInspector));
  for (const s of sessions) {
    await s.send("Profiler.enable");
    await s.send("Profiler.setSamplingInterval", { interval: 100 });
    await s.send("Profiler.start");
  }
  await fn();
  const profiles = [];
  for (const s of sessions) {
    const { profile } = await s.send("Profiler.stop");
    profiles.push({ title: s.title, profile });
    s.close();
  }
  return profiles;
}

/**
 * Prints the largest self-time shares of `profiles` (every target together, idle apart) by
 * target, function and file, per `unit` (`n` of them: renders, rounds); answers the busy time in µs.
 */
export function printSelfTimes(profiles, { n, unit, top = 40 }) {
  const byFn = new Map();
  const byFile = new Map();
  const byTarget = new Map();
  let busy = 0;
  for (const { title, profile } of profiles) {
    const self = new Map();
    profile.samples.forEach((nodeId, i) => {
      self.set(nodeId, (self.get(nodeId) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    });
    for (const node of profile.nodes) {
      const t = self.get(node.id) ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === "(idle)") continue;
      busy += t;
      byTarget.set(title, (byTarget.get(title) ?? 0) + t);
      const file = url.split("/").slice(-2).join("/") || "(native)";
      const fn = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + t);
      byFile.set(file, (byFile.get(file) ?? 0) + t);
    }
  }
  const largest = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`busy ${(busy / 1000 / n).toFixed(1)} ms per ${unit} over ${profiles.length} inspector target(s) (sampling overhead included)`);
  for (const [label, m] of [
    ["target", byTarget],
    ["function", byFn],
    ["file", byFile],
  ]) {
    console.log(`\nself time by ${label}`);
    for (const [k, t] of largest(m)) console.log(`  ${((t / busy) * 100).toFixed(1).padStart(5)}%  ${(t / 1000 / n).toFixed(2).padStart(6)} ms  ${k}`);
  }
  return busy;
}
