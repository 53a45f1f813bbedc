import { describe, expect, it } from "vitest";
import { configurationProblems, DEV_VAPID_PUBLIC_KEY } from "./env";

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

describe("web push's VAPID keys (decision 0114)", () => {
  const own = {
    VAPID_PUBLIC_KEY: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
    VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    VAPID_SUBJECT: "mailto:ops@casino.example",
  };
  it("takes the site's own pair with a contact, or none (push off)", () => {
    expect(problems(own)).toEqual([]);
    expect(problems({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "", VAPID_SUBJECT: "" })).toEqual([]);
  });

  it("refuses the committed local pair in production, half a pair, and keys of the wrong shape", () => {
    expect(problems({ ...own, VAPID_PUBLIC_KEY: DEV_VAPID_PUBLIC_KEY })).toEqual([expect.stringMatching(/^VAPID_PRIVATE_KEY: .* in production/)]);
    expect(problems({ ...own, APP_ENV: "local", VAPID_PUBLIC_KEY: DEV_VAPID_PUBLIC_KEY })).toEqual([]);
    expect(problems({ ...own, VAPID_PRIVATE_KEY: "" })).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY: .* set together/)]);
    expect(problems({ ...own, VAPID_PUBLIC_KEY: "abc" })).toContain(
      "VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (87 characters) or empty",
    );
  });

  it("takes push service hosts as names, '*.' for any name under one, and refuses a URL or a path", () => {
    expect(problems({ PUSH_SERVICE_HOSTS: "push.example.com, *.relay.example.org" })).toEqual([]);
    expect(problems({ PUSH_SERVICE_HOSTS: "" })).toEqual([]);
    expect(problems({ PUSH_SERVICE_HOSTS: "https://push.example.com/x" })).toEqual([expect.stringMatching(/^PUSH_SERVICE_HOSTS: /)]);
  });

  it("takes the analytics bound per address as a whole number, empty for the default", () => {
    expect(problems({ ANALYTICS_PER_ADDRESS: "" })).toEqual([]);
    expect(problems({ ANALYTICS_PER_ADDRESS: "5000" })).toEqual([]);
    for (const bad of ["0", "-1", "1.5", "lots"]) expect(problems({ ANALYTICS_PER_ADDRESS: bad })).toEqual([expect.stringMatching(/^ANALYTICS_PER_ADDRESS: /)]);
  });
});
