/**
 * The actions' schemas (issue 37: one Zod schema per form, an `intent` union for multi-action
 * forms): what each accepts, and its refusals — a wrong or missing intent, a missing field, an
 * amount out of range — parsed as the actions parse them (parseWithZod of the posted FormData).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { depositMethodSchema, withdrawIntentSchema } from "./cashier/cashier-actions.schema";
import { depositFormSchema, withdrawFormSchema } from "./cashier/cashier-schema";
import { likeSchema } from "./game/like.schema";
import { bonusesSchema } from "./profile/bonuses.schema";
import { favoritesSchema } from "./profile/favorites.schema";
import { notificationSchema } from "./profile/notification.schema";
import { securitySchema } from "./profile/security.schema";
import { settingsSchema } from "./profile/settings.schema";
import { responsibleSchema } from "./responsible/schemas";
import { bettingSchema } from "./sportsbook/betting.schema";
import { participateSchema } from "./tournaments/participate.schema";
import { themeSchema } from "../lib/theme.schema";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};
type Schema = Parameters<typeof parseWithZod>[1]["schema"];
const parse = (schema: Schema, entries: Record<string, string>) => parseWithZod(form(entries), { schema });
const errorKeys = (r: ReturnType<typeof parse>) => Object.keys(r.status === "error" ? (r.error ?? {}) : {}).sort();
const value = (r: ReturnType<typeof parse>) => (r.status === "success" ? r.value : r.error);

const security = securitySchema({ passwordsDiffer: "differ" });

describe("the actions' intent unions refuse a wrong or missing intent", () => {
  const unions: Array<[string, Schema]> = [
    ["security", security],
    ["settings", settingsSchema],
    ["bonuses", bonusesSchema],
    ["responsible", responsibleSchema()],
    ["betting", bettingSchema],
    ["withdraw", withdrawIntentSchema],
  ];
  for (const [name, schema] of unions) {
    it(name, () => {
      expect(errorKeys(parse(schema, { intent: "nope" })), "wrong intent").toContain("intent");
      expect(errorKeys(parse(schema, {})), "no intent").toContain("intent");
    });
  }
  it("the single-intent forms too", () => {
    expect(parse(favoritesSchema, { intent: "like", sysname: "x" }).status).toBe("error");
    expect(parse(likeSchema, { intent: "favourite" }).status).toBe("error");
    expect(parse(participateSchema, { intent: "join", tournament_id: "5" }).status).toBe("error");
  });
});

describe("profile forms", () => {
  it("security: a password change whose repeat differs is refused on repeat_password; a session to end needs its id", () => {
    expect(errorKeys(parse(security, { intent: "password", new_password: "a-Secret1", repeat_password: "b-Secret1" }))).toEqual(["repeat_password"]);
    expect(parse(security, { intent: "password", old_password: "x", new_password: "a-Secret1", repeat_password: "a-Secret1" }).status).toBe("success");
    expect(errorKeys(parse(security, { intent: "endSession" }))).toEqual(["id"]);
    expect(value(parse(security, { intent: "endSession", id: "s1" }))).toEqual({ intent: "endSession", id: "s1" });
    expect(value(parse(security, { intent: "twofaOff" }))).toEqual({ intent: "twofaOff" });
  });

  it("notification: one contact needs its contact and a 0/1 subscription; all=0 turns every contact off", () => {
    expect(parse(notificationSchema, { subscription: "1" }).status).toBe("error");
    expect(parse(notificationSchema, { contact: "a@b.c", subscription: "yes" }).status).toBe("error");
    expect(parse(notificationSchema, { all: "1" }).status).toBe("error");
    expect(value(parse(notificationSchema, { contact: "a@b.c", subscription: "0" }))).toEqual({ contact: "a@b.c", subscription: "0" });
    expect(value(parse(notificationSchema, { all: "0", contact: "a@b.c" }))).toEqual({ all: "0" });
  });

  it("settings: values are trimmed; the profile form names only refresh", () => {
    expect(value(parse(settingsSchema, { intent: "fakename", fakename: "  Ace " }))).toEqual({ intent: "fakename", fakename: "Ace" });
    expect(value(parse(settingsSchema, { intent: "profile", refresh: "country", first_name: "A" }))).toEqual({ intent: "profile", refresh: "country" });
  });

  it("bonuses: an action needs its bonus; kind defaults to casino; the promo code is the action's to check", () => {
    expect(errorKeys(parse(bonusesSchema, { intent: "activate" }))).toEqual(["bonus_id"]);
    expect(errorKeys(parse(bonusesSchema, { intent: "remove", bonus_id: "7", kind: "poker" }))).toEqual(["kind"]);
    expect(value(parse(bonusesSchema, { intent: "deactivate", bonus_id: "7" }))).toEqual({ intent: "deactivate", bonus_id: "7", kind: "casino" });
    expect(value(parse(bonusesSchema, { intent: "promo" }))).toEqual({ intent: "promo" });
  });

  it("favorites: Unlike needs the game", () => {
    expect(errorKeys(parse(favoritesSchema, { intent: "unlike" }))).toEqual(["sysname"]);
  });
});

describe("tournaments, game page, theme", () => {
  it("participate takes a tournament id as the routes do", () => {
    expect(value(parse(participateSchema, { intent: "participate", tournament_id: "12" }))).toEqual({ intent: "participate", tournament_id: 12 });
    for (const id of ["", "0", "012", "1e3", "1234567890"])
      expect(parse(participateSchema, { intent: "participate", tournament_id: id }).status, id).toBe("error");
  });
  it("the theme form needs a theme", () => {
    expect(errorKeys(parse(themeSchema, { redirectTo: "/" }))).toEqual(["theme"]);
  });
});

describe("responsible gaming: the action's union keeps each form's rules", () => {
  it("refuses a limit out of range and a missing amount on the limit's fields", () => {
    expect(errorKeys(parse(responsibleSchema(), { intent: "limit", period: "7", amount: "20000000" }))).toEqual(["amount"]);
    expect(errorKeys(parse(responsibleSchema(), { intent: "limit", period: "7" }))).toEqual(["amount"]);
    expect(errorKeys(parse(responsibleSchema(), { intent: "reality", minutes: "7" }))).toEqual(["minutes"]);
    expect(parse(responsibleSchema(), { intent: "limit", period: "none" }).status).toBe("success");
  });
});

describe("/betting", () => {
  it("refuses a missing pick, an unknown odds rule and a malformed slip key", () => {
    expect(errorKeys(parse(bettingSchema, { intent: "pick" }))).toEqual(["pick"]);
    expect(errorKeys(parse(bettingSchema, { intent: "settings", odds_change: "lower" }))).toEqual(["odds_change"]);
    expect(errorKeys(parse(bettingSchema, { intent: "place", key: "short" }))).toEqual(["key"]);
  });
  it("keeps the singles' stakes and defaults kind and funding as before", () => {
    const r = parse(bettingSchema, { intent: "place", key: "abcdefgh-1", kind: "parlay", funding: "gift", stake_12: "5" });
    expect(value(r)).toEqual({ intent: "place", key: "abcdefgh-1", kind: "single", funding: "main", stake_12: "5" });
  });
});

describe("cashier", () => {
  const rules = { rules: { min: 1000, max: 100000, step: 0, presets: [] }, fields: [] };
  const base = { method: "card", idempotency_key: "key-12345678" };
  it("refuses an amount out of the method's range, and a missing one", () => {
    expect(errorKeys(parse(depositFormSchema(rules), { ...base, amount: "5" }))).toEqual(["amount"]);
    expect(errorKeys(parse(depositFormSchema(rules), { ...base, amount: "5000" }))).toEqual(["amount"]);
    expect(errorKeys(parse(withdrawFormSchema(rules), { ...base, intent: "withdraw" }))).toEqual(["amount"]);
    expect(parse(depositFormSchema(rules), { ...base, amount: "100", campaign_offer_id: "3", js: "1" }).status).toBe("success");
  });
  it("the withdrawal form needs its intent; the page's small forms are their own", () => {
    expect(errorKeys(parse(withdrawFormSchema(rules), { ...base, amount: "100" }))).toEqual(["intent"]);
    expect(value(parse(withdrawIntentSchema, { intent: "cancel", transaction_id: "9", returnTo: "/cashier/history" }))).toEqual({
      intent: "cancel",
      transaction_id: "9",
      returnTo: "/cashier/history",
    });
    expect(value(parse(withdrawIntentSchema, { intent: "withdraw", method: "card", amount: "100" }))).toMatchObject({ intent: "withdraw", method: "card" });
    expect(value(parse(depositMethodSchema, { method: "card", amount: "1" }))).toMatchObject({ method: "card" });
  });
});
