import { describe, expect, it } from "vitest";
import { configurationProblems } from "./env";

/** A Worker an operator deploys refuses to serve a broken configuration and says what to fix. */
const namespace = { idFromName: () => ({}) };
const good = {
  APP_ENV: "production",
  PLATFORM_ORIGIN: "",
  PUBLIC_ORIGIN: "https://casino.example",
  FRAME_ANCESTORS: "'self'",
  SIGNING_SECRET: "a-real-secret-of-at-least-thirty-two-characters",
  DB: {},
  PLAYER_CHANNEL: namespace,
  WINS_FEED: namespace,
  TOURNAMENT_BOARD: namespace,
  SPORTS_FEED: namespace,
  PLAYER: namespace,
  JACKPOT_POOL: namespace,
};
const problems = (over: Record<string, unknown>) => configurationProblems({ ...good, ...over } as unknown as Env);

describe("the Worker's configuration", () => {
  it("serves when every var and binding is there", () => {
    expect(problems({})).toEqual([]);
  });

  it("names each missing Durable Object binding and its class", () => {
    expect(problems({ TOURNAMENT_BOARD: undefined, SPORTS_FEED: {} })).toEqual([
      "bind the Durable Object namespace TOURNAMENT_BOARD (class TournamentBoard)",
      "bind the Durable Object namespace SPORTS_FEED (class SportsFeed)",
    ]);
  });

  it("names a missing database or player objects on the embedded platform, and bad vars by name", () => {
    expect(problems({ DB: undefined })).toEqual(["bind a D1 database as DB"]);
    expect(problems({ PLAYER: undefined })).toEqual(["bind the Durable Object namespace PLAYER (class PlayerObject)"]);
    expect(problems({ DB: undefined, PLAYER: undefined, PLATFORM_ORIGIN: "https://platform.example" })).toEqual([]);
    const bad = problems({ SIGNING_SECRET: "short", DB_STATS: "on" });
    expect(bad).toContain("SIGNING_SECRET: SIGNING_SECRET must be at least 32 characters");
    expect(bad).toContain("DB_STATS: DB_STATS must be off in production");
  });
});

describe("DEMO_PROVIDERS", () => {
  it("takes the stand-ins' names, and refuses a name it does not know (a typo would leave one silently off)", () => {
    expect(problems({ DEMO_PROVIDERS: "oauth, payments,clocks" })).toEqual([]);
    expect(problems({ DEMO_PROVIDERS: "" })).toEqual([]);
    expect(problems({ DEMO_PROVIDERS: "oauth,payment" })).toEqual([expect.stringMatching(/^DEMO_PROVIDERS: DEMO_PROVIDERS lists names among oauth, payments/)]);
  });
});
