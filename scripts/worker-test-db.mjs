// The Worker-runtime tests' database (decision 0064): migrated and seeded once per run into a
// template, which every test file's Miniflare starts from as a copy of its own.
//
// Each test file still gets its own Miniflare and so its own storage (nothing leaks between files),
// but none of them re-applies the migrations and the seed: that used to be about half the Worker
// project's time, and it grew with files × migrations.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The name of the table `applyD1Migrations` of `cloudflare:test` keeps, with its schema. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations" (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/**
 * Applies the migrations and the seed inside workerd, as `applyD1Migrations` of `cloudflare:test`
 * does (same table, same records), and answers when the seed's clock read. From Node, each
 * statement would cross Miniflare's proxy: ten times slower.
 */
const TEMPLATE_WORKER = `
const MIGRATIONS_TABLE = ${JSON.stringify(MIGRATIONS_TABLE)};
export default {
  async fetch(request, env) {
    const { migrations, seed } = await request.json();
    const db = env.DB;
    try {
      await db.prepare(MIGRATIONS_TABLE).run();
      const record = db.prepare('INSERT INTO "d1_migrations" (name) VALUES (?);');
      for (const m of migrations) await db.batch([...m.queries.map((sql) => db.prepare(sql)), record.bind(m.name)]);
      const seededAt = await db.prepare("SELECT CAST(strftime('%s', 'now') AS INTEGER) * 1000 AS t").first("t");
      await db.batch(seed.map((sql) => db.prepare(sql)));
      return Response.json({ seededAt });
    } catch (e) {
      return new Response(String(e && e.stack || e), { status: 500 });
    }
  },
};`;

/**
 * The Miniflare the test pool itself runs (its own dependency, which may differ from wrangler's):
 * the template must be written in the storage layout the pool's instances read.
 */
async function poolMiniflare() {
  const require = createRequire(resolve("node_modules/@cloudflare/vitest-plugin/package.json"));
  return await import(pathToFileURL(require.resolve("miniflare")).href);
}

/** A key of everything the template is made from: a changed migration or seed makes a new one. */
function templateKey(migrations, seed, databaseId, compatibilityDate) {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ migrations, seed, databaseId, compatibilityDate }));
  hash.update(readFileSync(resolve("node_modules/@cloudflare/vitest-plugin/package.json")));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The seed's times relative to when it ran (`strftime('%s', 'now')`): the columns each such
 * statement sets from the clock. A test file starting minutes after the template was made moves
 * them by that much (tests/workers/setup.ts), so it sees what a seed run at its start would give:
 * live matches 20–60 minutes old, tournaments running since yesterday.
 */
export const SEED_CLOCK = {
  sport_events: ["starts_at", "created_at"],
  tournaments: ["starts_at", "ends_at"],
  challenges: ["starts_at", "ends_at"],
  withdrawal_approvals: ["requested_at", "approved_at"],
};

/** Refuses a seed with a time-relative statement SEED_CLOCK does not describe. */
function checkSeedClock(seed) {
  for (const sql of seed) {
    const clocks = (sql.match(/'now'/g) ?? []).length;
    if (!clocks) continue;
    const table = /^\s*INSERT\s+(?:OR\s+\w+\s+)?INTO\s+(\w+)/i.exec(sql)?.[1];
    if (!table || SEED_CLOCK[table]?.length !== clocks) {
      throw new Error(
        `a seed statement sets ${clocks} value(s) of ${table ?? "?"} from the clock that SEED_CLOCK (scripts/worker-test-db.mjs) does not list: ${sql.slice(0, 120)}…`,
      );
    }
  }
}

/** A template older than this is made again: rows' DEFAULT CURRENT_TIMESTAMP times stay near the run's. */
const TEMPLATE_MAX_AGE_MS = 60 * 60_000;

/**
 * Makes (or reuses) the template: a Miniflare storage root whose D1 database `databaseId` holds
 * every migration, recorded in `d1_migrations` as `applyD1Migrations` records them, and the seed.
 * Kept under node_modules/.cache, keyed by its inputs, so a second run on the same tree within the
 * hour reuses it. Answers its folder and when the seed ran (ms, whole seconds, as the seed's clock).
 */
export async function prepareTemplate({ migrations, seed, databaseId, compatibilityDate }) {
  checkSeedClock(seed);
  const root = resolve("node_modules/.cache/playfront-worker-db");
  const dir = join(root, templateKey(migrations, seed, databaseId, compatibilityDate));
  const ready = join(dir, "ready");
  if (existsSync(ready)) {
    const { seededAt } = JSON.parse(readFileSync(ready, "utf8"));
    if (Date.now() - seededAt < TEMPLATE_MAX_AGE_MS) return { dir, seededAt };
  }

  rmSync(root, { recursive: true, force: true });
  const building = `${dir}.building-${process.pid}`;
  mkdirSync(building, { recursive: true });
  const { Miniflare, convertV4MiniflareOptions } = await poolMiniflare();
  let seededAt;
  // Miniflare 5 takes its own option shape; the converter takes the familiar (v4) one, as the pool does.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      resourcePersistencePath: building,
      workers: [
        {
          name: "worker-test-db-template",
          modules: true,
          script: TEMPLATE_WORKER,
          compatibilityDate,
          d1Databases: { DB: databaseId },
        },
      ],
    }),
  );
  try {
    const res = await mf.dispatchFetch("http://template/", { method: "POST", body: JSON.stringify({ migrations, seed }) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`the Worker test database template could not be made: ${text}`);
    seededAt = JSON.parse(text).seededAt;
  } finally {
    await mf.dispose();
  }
  writeFileSync(join(building, "ready"), JSON.stringify({ seededAt }));
  renameSync(building, dir);
  return { dir, seededAt };
}

/** Where this run's copies go; removed when the process exits, with any a killed run left. */
let copies;

function copiesRoot() {
  if (copies) return copies;
  const parent = join(tmpdir(), "playfront-worker-db");
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    const pid = Number(/^run-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  copies = mkdtempSync(join(parent, `run-${process.pid}-`));
  process.on("exit", () => rmSync(copies, { recursive: true, force: true }));
  return copies;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A fresh copy of the template for one test file's Miniflare: its own storage root. */
export function copyTemplate(template) {
  const target = mkdtempSync(join(copiesRoot(), "file-"));
  cpSync(template, target, { recursive: true, filter: (src) => !src.endsWith("/ready") });
  return target;
}
