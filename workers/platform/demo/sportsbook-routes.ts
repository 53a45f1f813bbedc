import { type Context, Hono } from "hono";
import { demoOn } from "./switches";
import { z } from "zod";
import { MAX_ODDS, MIN_ODDS } from "../sportsbook/feed-odds";
import type { FeedAnswer, StepInput } from "../../realtime/sports-feed";
import { sportsFeed } from "../../realtime/sports-feed";

/**
 * Demo and test hooks of the sportsbook feed (decision 0072-sportsbook-feed, shared interface 4),
 * gated like the tournament end hook (not found in production):
 * - `POST /platform/demo/sportsbook/events` {league?, status?, starts_in_ms?} → 201 a fresh event
 *   (autoplay 0: only these hooks move it, so a test owns its event) with its markets and odds;
 * - `POST /platform/demo/sportsbook/events/{id}/step` one step → 200 the event's new state.
 * Both go through the SportsFeed object, so a hook's step is applied, broadcast and settled by the
 * very code the feed's clock uses.
 */
export const sportsbookDemoRoutes = new Hono<{ Bindings: Env }>();

const id = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(2 ** 31);
const score = (name: string) =>
  z
    .number({ error: `${name} is required (a whole number)` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be ≥ 0`)
    .max(999, `${name} must be ≤ 999`);

const NewEvent = z.strictObject({
  league: z
    .string({ error: "league must be a league sysname" })
    .regex(/^[a-z0-9-]{1,64}$/, "league must be a league sysname")
    .optional(),
  status: z.enum(["prematch", "live"], { error: "status is 'prematch' or 'live'" }).optional(),
  starts_in_ms: z
    .number({ error: "starts_in_ms must be a number" })
    .int("starts_in_ms must be whole")
    .min(-86_400_000 * 7)
    .max(86_400_000 * 30)
    .optional(),
});

const Step = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("next") }),
    z.strictObject({
      type: z.literal("odds"),
      selection_id: id("selection_id"),
      odds: z
        .number({ error: "odds is required" })
        .int("odds must be whole hundredths")
        .min(MIN_ODDS, `odds must be at least ${MIN_ODDS}`)
        .max(MAX_ODDS, `odds must be at most ${MAX_ODDS}`),
    }),
    z.strictObject({ type: z.literal("suspend"), market_id: id("market_id") }),
    z.strictObject({ type: z.literal("resume"), market_id: id("market_id") }),
    z.strictObject({ type: z.literal("live") }),
    z.strictObject({ type: z.literal("score"), home: score("home"), away: score("away"), minute: score("minute").optional() }),
    z.strictObject({ type: z.literal("finish"), home: score("home"), away: score("away") }),
    z.strictObject({ type: z.literal("cancel") }),
  ],
  { error: "type is one of next, odds, suspend, resume, live, score, finish, cancel" },
);

/** The hook's step as the feed's step (one selection or market given; the feed takes lists). */
function toFeedStep(s: z.infer<typeof Step>): StepInput {
  switch (s.type) {
    case "odds":
      return { type: "odds", changes: [{ selection_id: s.selection_id, odds: s.odds }] };
    case "suspend":
    case "resume":
      return { type: s.type, market_ids: [s.market_id] };
    default:
      return s;
  }
}

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

const problem = (message: string) => ({ error: { type: "InvalidParameterException", message } });
const issues = (e: z.ZodError) => e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");

function answer<T>(c: Context, r: FeedAnswer<T>, okStatus: 200 | 201) {
  c.header("cache-control", "no-store");
  return r.ok ? c.json({ data: r.data }, okStatus) : c.json(problem(r.message), r.status);
}

sportsbookDemoRoutes.post("/platform/demo/sportsbook/events", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  const raw = await readJson(c);
  if (!raw.ok) return c.json(problem('The body must be JSON, e.g. {"league":"premier-league","status":"live"}'), 400);
  const parsed = NewEvent.safeParse(raw.body ?? {});
  if (!parsed.success) return c.json(problem(issues(parsed.error)), 400);
  return answer(c, await sportsFeed(c.env).createEvent(parsed.data), 201);
});

sportsbookDemoRoutes.post("/platform/demo/sportsbook/events/:id/step", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  const eventId = /^[1-9]\d{0,9}$/.test(c.req.param("id")) ? Number(c.req.param("id")) : 0;
  if (!eventId || eventId > 2 ** 31) return c.json(problem("The event id must be a positive whole number"), 400);
  const raw = await readJson(c);
  if (!raw.ok) return c.json(problem('The body must be JSON, e.g. {"type":"next"}'), 400);
  const parsed = Step.safeParse(raw.body);
  if (!parsed.success) return c.json(problem(issues(parsed.error)), 400);
  return answer(c, await sportsFeed(c.env).step(eventId, toFeedStep(parsed.data)), 200);
});
