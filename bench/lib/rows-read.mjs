// D1 rows read per server render (DB_STATS=on adds them to the document's Server-Timing). Asked
// as Googlebot, so the document (and the header) comes only once every loader has finished.
import { GOOGLEBOT_UA } from "./streaming.mjs";

const TIMING = /d1;desc="rows_read=(\d+) rows_written=(\d+) queries=(\d+)(?: object_rows_read=(\d+))?"/;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Renders `url` once to warm the site caches, then `n` times; medians of rows read and queries. `headers`: more request headers (a player's cookie). */
export async function rowsRead(url, n, headers = {}) {
  const once = async () => {
    const res = await fetch(url, { headers: { "user-agent": GOOGLEBOT_UA, ...headers } });
    const html = await res.text();
    const m = TIMING.exec(res.headers.get("server-timing") ?? "");
    if (!m) throw new Error(`${url}: no d1 Server-Timing (status ${res.status}); is DB_STATS=on?`);
    const tiles = (html.match(/class="game-tile"/g) ?? []).length;
    return { status: res.status, rowsRead: Number(m[1]), queries: Number(m[3]), objectRowsRead: Number(m[4] ?? 0), tiles };
  };
  await once();
  const runs = [];
  for (let i = 0; i < n; i++) runs.push(await once());
  return {
    url,
    status: runs[0].status,
    tiles: runs[0].tiles,
    rowsRead: median(runs.map((r) => r.rowsRead)),
    queries: median(runs.map((r) => r.queries)),
    objectRowsRead: median(runs.map((r) => r.objectRowsRead)),
    runs,
  };
}
