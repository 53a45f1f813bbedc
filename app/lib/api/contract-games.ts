import { z } from "zod";
import { count, method, offset } from "./define";
import { listOf } from "./entities";
import { Game, GameCategory, GameProvider, GameQuery, GameRound, PROVIDER_TYPES } from "./entities-games";

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

const sysnameParam = z
  .string({ error: "sysname is required" })
  .regex(/^[a-z0-9_-]{1,64}$/, "sysname holds a-z, 0-9, '_' and '-' only (at most 64)");

const providerTypes = z
  .string()
  .max(100)
  .optional()
  .transform((raw, ctx) => {
    const list = (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    const unknown = list.filter((t) => !(PROVIDER_TYPES as readonly string[]).includes(t));
    if (unknown.length) {
      ctx.addIssue({ code: "custom", message: `types may be casino, slot, live, fast (not ${unknown.join(", ")})` });
      return z.NEVER;
    }
    return list as (typeof PROVIDER_TYPES)[number][];
  });

export const gameMethods = {
  "games.get": method({
    group: "games",
    name: "get",
    verb: "GET",
    access: "public",
    summary:
      "Games of the catalogue. `options` is JSON: { category, providers (list or comma string), search (title or " +
      "provider name, prefixes match), ids, sysnames, sort: popular|new|name|rtp, offset ≥ 0, count 1..100 (24) }; " +
      "answers the page and the total. Unknown keys, categories or providers answer 400 on options. " +
      "is_sportsbook marks the sportsbook pseudo-game. Bets are in the site's default currency.",
    params: z.object({ options }),
    result: z.strictObject({ items: z.array(Game), count: z.number().int() }),
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
};
