import type { AccountInfo } from "../../../core/api/entities";

/**
 * Player hints (SPEC §4 Hints, §9 times): rules only, with the clock and storage passed in.
 * - Registration hint: for 2 hours after registration while the player has made no deposit.
 * - Confirm-contact hint: for 5 days after registration while the contact the player signs in
 *   with is unconfirmed and no confirmation has been sent from this browser.
 */

export const REGISTRATION_HINT_MS = 7_200_000;
export const CONFIRM_CONTACT_HINT_MS = 432_000_000;

type ContactInfo = NonNullable<AccountInfo["email"]>;

/** What the hints need to know of the account. reg_time is Unix seconds, as account.getInfo answers it. */
export type HintAccount = Pick<AccountInfo, "uid" | "reg_time" | "login" | "email" | "mobile">;

export interface HintInput {
  account: HintAccount;
  now: number;
  /** Whether the player has deposited; known once the wallet lands, until then false. */
  hasDeposit?: boolean;
  /** Whether a confirmation has already been sent for this player (see confirmSentKey). */
  confirmSent?: boolean;
}

export interface ActiveHints {
  registration: boolean;
  /** The contact to confirm, or null when that hint is off. */
  confirmContact: ContactInfo | null;
}

/** Registration time in Unix ms, or null when the account has none (a visitor). */
function registeredAt(account: HintAccount): number | null {
  return account.uid > 0 && account.reg_time !== null ? account.reg_time * 1000 : null;
}

/** The contact the player signs in with: the email when the login is that email, else the mobile. */
export function loginContact(account: HintAccount): ContactInfo | null {
  const email = account.email;
  if (email && email.contact.trim().toLowerCase() === account.login.trim().toLowerCase()) return email;
  return account.mobile;
}

/**
 * Which hints show at `now`. Each lasts until exactly reg_time + its duration (that instant
 * excluded); a `now` slightly before reg_time (a client clock behind the server's) still counts.
 */
export function activeHints({ account, now, hasDeposit = false, confirmSent = false }: HintInput): ActiveHints {
  const since = registeredAt(account);
  if (since === null) return { registration: false, confirmContact: null };
  const registration = !hasDeposit && now < since + REGISTRATION_HINT_MS;
  const contact = loginContact(account);
  const confirm = !!contact && !contact.is_confirmed && !confirmSent && now < since + CONFIRM_CONTACT_HINT_MS;
  return { registration, confirmContact: confirm ? contact : null };
}

/** Milliseconds until the next shown hint expires (to re-check then), or null when none will. */
export function nextHintChange(input: HintInput): number | null {
  const since = registeredAt(input.account);
  if (since === null) return null;
  const shown = activeHints(input);
  const ends = [shown.registration ? since + REGISTRATION_HINT_MS : Infinity, shown.confirmContact ? since + CONFIRM_CONTACT_HINT_MS : Infinity];
  const next = Math.min(...ends);
  return next === Infinity ? null : Math.max(0, next - input.now);
}

/** Local-storage key of the confirm-sent flag, one per player. */
export const confirmSentKey = (uid: number) => `hints_confirm_sent:${uid}`;

/** Session-storage key of a hint the player closed (it stays closed for the browser session). */
export const dismissedKey = (uid: number, hint: keyof ActiveHints) => `hints_dismissed:${hint}:${uid}`;

/** Reads a flag; storage that is missing or throws reads as "not set". */
export function readFlag(storage: Pick<Storage, "getItem"> | null | undefined, key: string): boolean {
  try {
    return !!storage?.getItem(key);
  } catch {
    return false;
  }
}

/** Sets a flag; storage that is missing or throws is ignored (the hint then only hides for this page). */
export function setFlag(storage: Pick<Storage, "setItem"> | null | undefined, key: string): void {
  try {
    storage?.setItem(key, "1");
  } catch {
    // Nothing to do: the flag is a convenience.
  }
}

/** The hint fields of a value when it has them all (root data carries the account, or a part of it). */
export function asHintAccount(value: unknown): HintAccount | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const contactOk = (c: unknown) =>
    c === null || (typeof c === "object" && typeof (c as ContactInfo).contact === "string" && typeof (c as ContactInfo).is_confirmed === "boolean");
  if (typeof v.uid !== "number" || typeof v.login !== "string") return null;
  if (!(v.reg_time === null || typeof v.reg_time === "number")) return null;
  if (!contactOk(v.email ?? null) || !contactOk(v.mobile ?? null)) return null;
  return {
    uid: v.uid,
    reg_time: v.reg_time,
    login: v.login,
    email: (v.email ?? null) as ContactInfo | null,
    mobile: (v.mobile ?? null) as ContactInfo | null,
  };
}
