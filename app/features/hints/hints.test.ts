import { describe, expect, it } from "vitest";
import {
  activeHints,
  asHintAccount,
  CONFIRM_CONTACT_HINT_MS,
  confirmSentKey,
  loginContact,
  nextHintChange,
  readFlag,
  REGISTRATION_HINT_MS,
  setFlag,
  type HintAccount,
} from "./hints";

const REG_S = 1_760_000_000; // reg_time, Unix seconds
const REG = REG_S * 1000;
const email = (is_confirmed: boolean, contact = "ana@example.com") => ({ type: "email" as const, contact, is_confirmed, is_subscribed: true });
const phone = (is_confirmed: boolean) => ({ type: "phone" as const, contact: "+351912345678", is_confirmed, is_subscribed: false });

const player = (over: Partial<HintAccount> = {}): HintAccount => ({
  uid: 7,
  reg_time: REG_S,
  login: "ana@example.com",
  email: email(false),
  mobile: null,
  ...over,
});

describe("registration hint", () => {
  it("shows for 2 hours after registration, up to but not at the 2-hour mark", () => {
    expect(REGISTRATION_HINT_MS).toBe(7_200_000);
    expect(activeHints({ account: player(), now: REG }).registration).toBe(true);
    expect(activeHints({ account: player(), now: REG + REGISTRATION_HINT_MS - 1 }).registration).toBe(true);
    expect(activeHints({ account: player(), now: REG + REGISTRATION_HINT_MS }).registration).toBe(false);
    expect(activeHints({ account: player(), now: REG + REGISTRATION_HINT_MS + 1 }).registration).toBe(false);
  });
  it("survives a client clock slightly behind the server's", () => {
    expect(activeHints({ account: player(), now: REG - 5_000 }).registration).toBe(true);
  });
  it("hides once the player has deposited", () => {
    expect(activeHints({ account: player(), now: REG + 1, hasDeposit: true }).registration).toBe(false);
  });
  it("never shows to a visitor or without a registration time", () => {
    expect(activeHints({ account: player({ uid: 0 }), now: REG })).toEqual({ registration: false, confirmContact: null });
    expect(activeHints({ account: player({ reg_time: null }), now: REG })).toEqual({ registration: false, confirmContact: null });
  });
});

describe("confirm-contact hint", () => {
  it("shows for 5 days after registration, up to but not at the 5-day mark", () => {
    expect(CONFIRM_CONTACT_HINT_MS).toBe(432_000_000);
    expect(activeHints({ account: player(), now: REG + CONFIRM_CONTACT_HINT_MS - 1 }).confirmContact).toEqual(email(false));
    expect(activeHints({ account: player(), now: REG + CONFIRM_CONTACT_HINT_MS }).confirmContact).toBeNull();
  });
  it("does not depend on deposits", () => {
    expect(activeHints({ account: player(), now: REG + 1, hasDeposit: true }).confirmContact).not.toBeNull();
  });
  it("hides when the login contact is confirmed or a confirmation was sent", () => {
    expect(activeHints({ account: player({ email: email(true) }), now: REG }).confirmContact).toBeNull();
    expect(activeHints({ account: player(), now: REG, confirmSent: true }).confirmContact).toBeNull();
  });
  it("follows the login contact: the email when the login is the email, else the mobile", () => {
    expect(loginContact(player({ login: "ANA@example.com " }))).toEqual(email(false));
    const byPhone = player({ login: "+351912345678", email: email(false), mobile: phone(false) });
    expect(loginContact(byPhone)).toEqual(phone(false));
    // An unconfirmed email does not matter when the player signs in with a confirmed mobile.
    expect(activeHints({ account: { ...byPhone, mobile: phone(true) }, now: REG }).confirmContact).toBeNull();
    expect(activeHints({ account: player({ login: "ana", email: email(false), mobile: null }), now: REG }).confirmContact).toBeNull();
  });
});

describe("nextHintChange", () => {
  it("is the time until the first shown hint ends", () => {
    expect(nextHintChange({ account: player(), now: REG + 1000 })).toBe(REGISTRATION_HINT_MS - 1000);
    expect(nextHintChange({ account: player(), now: REG + REGISTRATION_HINT_MS })).toBe(CONFIRM_CONTACT_HINT_MS - REGISTRATION_HINT_MS);
    expect(nextHintChange({ account: player(), now: REG + CONFIRM_CONTACT_HINT_MS })).toBeNull();
    expect(nextHintChange({ account: player({ reg_time: null }), now: REG })).toBeNull();
  });
});

describe("flags and account shape", () => {
  it("keeps one confirm-sent flag per player and tolerates broken storage", () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    expect(confirmSentKey(7)).not.toBe(confirmSentKey(8));
    setFlag(storage, confirmSentKey(7));
    expect(readFlag(storage, confirmSentKey(7))).toBe(true);
    expect(readFlag(storage, confirmSentKey(8))).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readFlag(broken, "k")).toBe(false);
    expect(() => setFlag(broken, "k")).not.toThrow();
    expect(readFlag(null, "k")).toBe(false);
  });
  it("reads the hint fields of an account-like value, or null when some are missing", () => {
    expect(asHintAccount({ ...player(), fakename: "x" })).toEqual(player());
    expect(asHintAccount({ uid: 7, login: "ana" })).toBeNull();
    expect(asHintAccount({ uid: 7, login: "ana", reg_time: 1, email: { contact: 1 } })).toBeNull();
    expect(asHintAccount(null)).toBeNull();
  });
});
