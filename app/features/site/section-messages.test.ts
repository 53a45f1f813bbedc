import { describe, expect, it } from "vitest";
import en from "../../../migrations/seed/messages/en.json";
import type { MessageBundle } from "../../../core/api/entities";
import { sectionOf } from "./section-messages";
import { sectionMessages } from "./section-messages.server";

describe("sectionOf", () => {
  it("finds the section with or without a locale prefix", () => {
    expect(sectionOf("/cashier/deposit")).toBe("cashier");
    expect(sectionOf("/es/cashier")).toBe("cashier");
    expect(sectionOf("/game/golden_phoenix")).toBe("game");
    expect(sectionOf("/pt/profile/bets/history")).toBe("profile");
    expect(sectionOf("/winners")).toBe("winners");
  });

  it("gives the other pages no section", () => {
    for (const path of ["/", "/es", "/gamehall", "/gamehall/slots", "/about", "/providers", ""]) expect(sectionOf(path)).toBe("");
  });
});

describe("sectionMessages", () => {
  const bundle = en as MessageBundle;

  it("sends the shared namespaces everywhere, and a section's own only to it", () => {
    const home = sectionMessages(bundle, "/");
    expect(home.header).toEqual(bundle.header);
    expect(home.auth).toEqual(bundle.auth);
    expect(home.cashier).toBeUndefined();
    expect(home.game).toBeUndefined();
    expect(home.profile).toBeUndefined();
    expect(sectionMessages(bundle, "/es/cashier/deposit").cashier).toEqual(bundle.cashier);
    expect(sectionMessages(bundle, "/game/x").game).toEqual(bundle.game);
    const profile = sectionMessages(bundle, "/profile/responsible-game");
    expect(profile.profileGames).toEqual(bundle.profileGames);
    expect(profile.responsible).toEqual(bundle.responsible);
    expect(sectionMessages(bundle, "/es/profile/settings").profile).toEqual(bundle.profile);
  });

  it("keeps on every page what the session clock and the reality check say", () => {
    const home = sectionMessages(bundle, "/gamehall").responsible as MessageBundle;
    expect(Object.keys(home).sort()).toEqual(["check", "clock"]);
    expect(home.clock).toEqual((bundle.responsible as MessageBundle).clock);
  });

  it("gives the cashier the bonuses' terms a deposit's success page shows, and no other profile text", () => {
    const cashier = sectionMessages(bundle, "/cashier/paysuccess/0123").profile as MessageBundle;
    expect(Object.keys(cashier)).toEqual(["bonuses"]);
    expect(cashier.bonuses).toEqual((bundle.profile as MessageBundle).bonuses);
    expect(sectionMessages(bundle, "/gamehall").profile).toBeUndefined();
  });

  it("never sends the e-mail and push texts to the browser, and is much smaller than the whole bundle", () => {
    expect(sectionMessages(bundle, "/").mail).toBeUndefined();
    expect(sectionMessages(bundle, "/cashier").mail).toBeUndefined();
    for (const path of ["/", "/profile/notification", "/tournaments"]) expect(sectionMessages(bundle, path).push).toBeUndefined();
    expect(JSON.stringify(sectionMessages(bundle, "/")).length).toBeLessThan(JSON.stringify(bundle).length * 0.7);
  });

  it("cuts a bundle once per section, and an operator's new bundle again (its edit shows)", () => {
    expect(sectionMessages(bundle, "/es/cashier")).toBe(sectionMessages(bundle, "/cashier/deposit"));
    const edited = { ...bundle, header: { ...(bundle.header as MessageBundle), signUp: "Join now" } } as MessageBundle;
    expect((sectionMessages(edited, "/cashier").header as MessageBundle).signUp).toBe("Join now");
    expect((sectionMessages(bundle, "/cashier").header as MessageBundle).signUp).toBe((bundle.header as MessageBundle).signUp);
  });

  it("sends the challenges' texts only where challenges are shown: the tournaments and a game", () => {
    expect(sectionMessages(bundle, "/tournaments").challenges).toEqual(bundle.challenges);
    expect(sectionMessages(bundle, "/es/game/pf-limbo").challenges).toEqual(bundle.challenges);
    for (const path of ["/", "/gamehall", "/cashier/deposit", "/profile/settings"]) expect(sectionMessages(bundle, path).challenges).toBeUndefined();
  });
});
