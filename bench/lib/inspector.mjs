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
