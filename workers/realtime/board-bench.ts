import { isBoardEntry } from "./board-ranking";
import { tournamentBoard } from "./tournament-board";
import { jackpotPool } from "../platform/jackpots/pool";

/**
 * The bench's routes to the tournament boards and the jackpot pools. Only with DB_STATS=on, which env.ts refuses in
 * production; anywhere else they are a 404 like any unknown path.
 */
const benchOff = (env: Env) => env.DB_STATS !== "on" || env.APP_ENV === "production";
const notFound = () => new Response("Not found", { status: 404 });
/** The path's tournament (or jackpot) id, or 0 when it is none. */
const tournamentIdOf = (rawId: string) => (/^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : 0);

/**
 * POST /__bench/tournament-board/{id} — the bench's way to post scores straight to a tournament's
 * board (bench/tournament-board.mjs), as the platform does after a committed round.
 * Body: { entries: BoardEntry[], each?: boolean } — `each` sends one RPC per entry at
 * once, as one round each would; otherwise one RPC for all. Answers the board's version.
 */
export async function handleBoardBench(request: Request, env: Env, rawId: string): Promise<Response> {
  if (benchOff(env)) return notFound();
  const id = tournamentIdOf(rawId);
  const body = (await request.json().catch(() => null)) as { entries?: unknown; each?: unknown } | null;
  const entries = Array.isArray(body?.entries) ? body.entries.filter(isBoardEntry) : [];
  if (!id || !entries.length || entries.length > 5000) return Response.json({ error: "tournament id and 1–5000 entries" }, { status: 400 });
  const board = tournamentBoard(env, id);
  const versions = body?.each === true ? await Promise.all(entries.map((e) => board.post(id, [e]))) : [await board.post(id, entries)];
  return Response.json({ version: Math.max(...versions) });
}

/**
 * GET /__bench/tournament-board/{id} — what the board wrote to D1 for the players' owed totals
 * (statements, rows written) since its instance started: the players bench adds it to the rounds'
 * own D1 use (bench/players.mjs).
 */
export async function handleBoardWrites(env: Env, rawId: string): Promise<Response> {
  if (benchOff(env)) return notFound();
  const id = tournamentIdOf(rawId);
  if (!id) return Response.json({ error: "tournament id" }, { status: 400 });
  return Response.json(await tournamentBoard(env, id).d1Writes());
}

/**
 * GET /__bench/jackpot-pool/{id} — how many D1 writes the pool's object made since its instance
 * started (`{ statements }`): the players bench adds them to the pooled rounds' own D1 use.
 */
export async function handlePoolWrites(env: Env, rawId: string): Promise<Response> {
  if (benchOff(env) || !env.JACKPOT_POOL) return notFound();
  const id = tournamentIdOf(rawId);
  if (!id) return Response.json({ error: "jackpot id" }, { status: 400 });
  return Response.json({ statements: await jackpotPool(env, id).d1Writes() });
}
