import { z } from "zod";
import { count, method, offset, refusal } from "./define";
import { listOf } from "./entities";
import { Game, GameCategory, GameHistoryExport, GameProvider, GameQuery, GameRound, PROVIDER_TYPES, RecentWin } from "./entities-games";

/**
 * Game catalogue methods of the /api contract (SPEC §7 games.*, issue 5; decision 0015).
 * Spread into `contract` in contract.ts.
 */

/** `options` is one JSON text (SPEC §7); its problems are reported on `options`. */
const options = z
  .string({ error: "options must be a JSON text" })
  .max(4000, "options must be at most 4000 characters")
  .optional()
  .transform((raw, ctx): GameQuery => {
    let value: unknown = {};
    if (raw !== undefined && raw.trim() !== "") {
      try {
        value = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: "custom", message: "options must be valid JSON" });
        return z.NEVER;
      }
    }
    const parsed = GameQuery.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = issue.path.length ? `${issue.path.join(".")}: ` : "";
        const message = issue.code === "unrecognized_keys" ? `unknown option ${issue.keys.join(", ")}` : issue.message;
        ctx.addIssue({ code: "custom", message: `${at}${message}` });
      }
      return z.NEVER;
    }
    return parsed.data;
  });

const sysnameParam = z.string({ error: "sysname is required" }).regex(/^[a-z0-9_-]{1,64}$/, "sysname holds a-z, 0-9, '_' and '-' only (at most 64)");

const unixMs = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a time in Unix milliseconds` })
    .int(`${name} must be a time in Unix milliseconds`)
    .min(0, `${name} must be a time in Unix milliseconds`)
    .max(8.64e15, `${name} is too far in the future`)
    .optional();

const providerTypes = z
  .string()
  .max(100)
  .optional()
  .transform((raw, ctx) => {
    const list = (raw ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = list.filter((t) => !(PROVIDER_TYPES as readonly string[]).includes(t));
    if (unknown.length) {
      ctx.addIssue({ code: "custom", message: `types may be casino, slot, live, fast (not ${unknown.join(", ")})` });
      return z.NEVER;
    }
    return list as (typeof PROVIDER_TYPES)[number][];
  });

/** games.getSections: a JSON list of 1..6 sections, each a category page (home's rows of games). */
const GameSection = z.strictObject({
  category: GameQuery.shape.category,
  sort: GameQuery.shape.sort,
  count: z
    .number({ error: "count must be a number" })
    .int("count must be an integer")
    .min(1, "count must be at least 1")
    .max(24, "count must be at most 24")
    .default(12),
});
const sections = z
  .string({ error: "sections must be a JSON text" })
  .max(2000, "sections must be at most 2000 characters")
  .transform((raw, ctx): GameQuery[] => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: "custom", message: "sections must be valid JSON" });
      return z.NEVER;
    }
    const parsed = z.array(GameSection).min(1, "at least 1 section").max(6, "at most 6 sections").safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: `${issue.path.join(".")}${issue.path.length ? ": " : ""}${issue.message}` });
      return z.NEVER;
    }
    return parsed.data.map((s) => ({ ...s, offset: 0 }));
  });

export const gameMethods = {
  "games.get": method({
    group: "games",
    name: "get",
    verb: "GET",
    access: "public",
    summary:
      "Games of the catalogue. `options` is JSON: { category, providers (list or comma string), search (title or " +
      "provider name, prefixes match), ids, sysnames, tournament (a tournament's games), sort: popular|new|name|rtp, offset ≥ 0, count 1..100 (24) }; " +
      "answers the page and the total. Unknown keys, categories, providers or tournaments answer 400 on options. " +
      "is_sportsbook marks the sportsbook pseudo-game. Bets are in the site's default currency.",
    params: z.object({ options }),
    result: z.strictObject({ items: z.array(Game), count: z.number().int() }),
  }),
  "games.getSections": method({
    group: "games",
    name: "getSections",
    verb: "GET",
    access: "public",
    summary:
      "Several first pages of the catalogue at once, for the home page's rows. `sections` is JSON: a list of 1..6 " +
      "{ category, sort: popular|new|name|rtp, count 1..24 (12) }; answers one { items, count } per section, in order, " +
      "as games.get would. A category the catalogue does not have answers an empty section.",
    params: z.object({ sections }),
    result: z.array(z.strictObject({ items: z.array(Game), count: z.number().int() })),
  }),
  "games.getRecentWins": method({
    group: "games",
    name: "getRecentWins",
    verb: "GET",
    access: "public",
    summary:
      "The latest real-money wins on the site, newest first: paid rounds that won, each with the player's masked " +
      "name, the game and the amount. The same wins are pushed as they happen on the public WebSocket /realtime/wins " +
      "({ event: 'games.win', data: RecentWin, ts }).",
    params: z.object({ count: count(50, 12) }),
    result: z.array(RecentWin),
  }),
  "games.getCategories": method({
    group: "games",
    name: "getCategories",
    verb: "GET",
    access: "public",
    summary: "The lobby's categories in order, named in the request locale, with their number of games.",
    params: z.object({}),
    result: z.array(GameCategory),
  }),
  "games.getProviders": method({
    group: "games",
    name: "getProviders",
    verb: "GET",
    access: "public",
    summary:
      "Game providers with their number of games and types; `types` (comma list of casino, slot, live, fast) keeps " +
      "those of any of them; `fields=game_params` adds each provider's launch parameters.",
    params: z.object({ fields: z.string().max(200, "fields must be at most 200 characters").optional(), types: providerTypes }),
    result: z.array(GameProvider),
  }),
  "games.getLikes": method({
    group: "games",
    name: "getLikes",
    verb: "GET",
    access: "player",
    summary: "The player's liked games (favorites) as sysnames, newest first.",
    params: z.object({}),
    result: z.array(z.string()),
  }),
  "games.addLike": method({
    group: "games",
    name: "addLike",
    verb: "POST",
    access: "player",
    summary: "Like a game by sysname (again: no change). Unknown sysname: 400. Returns 1.",
    params: z.object({ sysname: sysnameParam }),
    result: z.literal(1),
  }),
  "games.removeLike": method({
    group: "games",
    name: "removeLike",
    verb: "POST",
    access: "player",
    summary: "Unlike a game by sysname (not liked: no change). Unknown sysname: 400. Returns 1.",
    params: z.object({ sysname: sysnameParam }),
    result: z.literal(1),
  }),
  "games.getHistory": method({
    group: "games",
    name: "getHistory",
    verb: "GET",
    access: "player",
    summary: "The player's settled game rounds (demo and real), newest first; count is the total.",
    params: z.object({
      offset,
      count: count(100, 20),
    }),
    result: listOf(GameRound),
  }),
  "games.createhistoryexportrequest": method({
    group: "games",
    name: "createhistoryexportrequest",
    verb: "POST",
    access: "player",
    refuses: [[403, "AccessDenied", "game history export is off on this site"], refusal.tryAgain],
    summary:
      "Asks for a CSV of the player's settled rounds from `from` to `to` (Unix ms; default the last 90 days, at most " +
      "366 days, `to` later than now counts as now). Answers at once with status pending; the file is built in the " +
      "background (at most 50,000 rounds, oldest first). While one export is pending, asking again answers that one; " +
      "the same `idempotency_key` answers the same export. Refused (403) when the site's " +
      "is_game_history_export_enabled is off.",
    params: z.object({
      from: unixMs("from"),
      to: unixMs("to"),
      idempotency_key: z
        .string()
        .regex(/^[\x21-\x7e]{8,100}$/, "idempotency_key must be 8 to 100 visible ASCII characters")
        .optional(),
    }),
    result: GameHistoryExport,
  }),
  "games.gethistoryexportrequest": method({
    group: "games",
    name: "gethistoryexportrequest",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown],
    summary:
      "Without `id`: the player's last 10 exports, newest first. With `id`: that export (another player's: 404). " +
      "Reading also finishes an export whose background build was lost.",
    params: z.object({
      id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, "id is an export id")
        .optional(),
    }),
    result: z.union([GameHistoryExport, z.array(GameHistoryExport)]),
  }),
};
