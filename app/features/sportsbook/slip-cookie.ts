import { readCookie, serializeCookie } from "../../../core/cookies";
import { BET_MAX_LEGS } from "../../../core/api/sportsbook-limits";
import { legValue, type SlipLeg } from "./builder-legs";

export { legValue, type SlipLeg };

/**
 * The bet slip lives in a cookie the server reads (decision 0073-sportsbook-page), so the page
 * renders it without JavaScript and it survives navigation and reloads: `betslip=<id>:<odds>,…`,
 * each selection with the odds the player last saw (and accepted), at most BET_MAX_LEGS of them,
 * then a bet builder's own legs — those that are no selection of the board, `b<event>.btts:yes`,
 * `b<event>.score:2-1` (decision 0104) — at most BUILDER_MAX_LEGS.
 * Shared by the route's action (forms) and the browser (clicks with JavaScript).
 */
export const SLIP_COOKIE = "betslip";
/** A slip outlives a session but not a season: 30 days. */
export const SLIP_MAX_AGE = 30 * 24 * 60 * 60;

export type SlipEntry = { id: number; odds: number };

/** The legs a bet builder takes at most (the platform's MAX_LEGS). */
export const BUILDER_MAX_LEGS = 8;
const LEG = /^b(\d{1,10})\.(btts:(?:yes|no)|score:\d{1,2}-\d{1,2})$/;

/** The cookie's entries; anything malformed is dropped, not an error (it is the browser's to keep). */
export function parseSlip(raw: string | undefined | null): SlipEntry[] {
  const out: SlipEntry[] = [];
  for (const part of (raw ?? "").split(",")) {
    const m = /^(\d{1,10}):(\d{3,7})$/.exec(part.trim());
    if (!m) continue;
    const id = Number(m[1]);
    if (id > 0 && !out.some((e) => e.id === id)) out.push({ id, odds: Number(m[2]) });
    if (out.length === BET_MAX_LEGS) break;
  }
  return out;
}

/** The cookie's builder legs (after its selections); malformed or repeated ones are dropped. */
export function parseSlipLegs(raw: string | undefined | null): SlipLeg[] {
  const out: SlipLeg[] = [];
  for (const part of (raw ?? "").split(",")) {
    const m = LEG.exec(part.trim());
    if (!m) continue;
    const leg = { event: Number(m[1]), leg: m[2]! };
    if (leg.event > 0 && !out.some((l) => sameLeg(l, leg))) out.push(leg);
    if (out.length === BUILDER_MAX_LEGS) break;
  }
  return out;
}

const sameLeg = (a: SlipLeg, b: SlipLeg) => a.event === b.event && a.leg === b.leg;

export function serializeSlip(entries: readonly SlipEntry[], legs: readonly SlipLeg[] = []): string {
  return [...entries.slice(0, BET_MAX_LEGS).map((e) => `${e.id}:${e.odds}`), ...legs.slice(0, BUILDER_MAX_LEGS).map(legValue)].join(",");
}

/**
 * A builder leg's button: adds it, or takes it off when it is there. One correct score per event:
 * a new score replaces the one picked before (two would contradict each other).
 */
export function toggleLeg(legs: readonly SlipLeg[], add: SlipLeg): SlipLeg[] {
  if (legs.some((l) => sameLeg(l, add))) return legs.filter((l) => !sameLeg(l, add));
  const kept = legs.filter((l) => !(l.event === add.event && l.leg.startsWith("score:") && add.leg.startsWith("score:")));
  return kept.length >= BUILDER_MAX_LEGS ? kept : [...kept, add];
}

/** Clicking an odds button: adds the selection, or takes it off when it is on the slip already (a toggle). */
export function toggleSelection(entries: readonly SlipEntry[], add: SlipEntry): SlipEntry[] {
  if (entries.some((e) => e.id === add.id)) return entries.filter((e) => e.id !== add.id);
  return entries.length >= BET_MAX_LEGS ? [...entries] : [...entries, add];
}

/** Accepting moved odds: each entry takes the odds now offered. */
export function acceptOdds(entries: readonly SlipEntry[], current: ReadonlyMap<number, number>): SlipEntry[] {
  return entries.map((e) => ({ id: e.id, odds: current.get(e.id) ?? e.odds }));
}

/**
 * The cookie that keeps these entries (none: it is removed). `secure` everywhere but a local run
 * over plain HTTP: the server passes APP_ENV's word, the browser its page's protocol.
 */
export function slipCookie(entries: readonly SlipEntry[], secure: boolean, legs: readonly SlipLeg[] = []): string {
  return serializeCookie(SLIP_COOKIE, serializeSlip(entries, legs), { maxAge: entries.length || legs.length ? SLIP_MAX_AGE : 0, secure });
}

/** The browser's slip after `change` (with JavaScript: no post, the page's loader re-reads it); `legs` changes its builder legs. */
export function changeInBrowser(change: (entries: SlipEntry[]) => SlipEntry[], legs: (legs: SlipLeg[]) => SlipLeg[] = (l) => l): void {
  const raw = readCookie(document.cookie, SLIP_COOKIE);
  // biome-ignore lint/suspicious/noDocumentCookie: a synchronous write the next request carries; the Cookie Store API is not in every browser we serve
  document.cookie = slipCookie(change(parseSlip(raw)), location.protocol === "https:", legs(parseSlipLegs(raw)));
}

/** With JavaScript, an odds button's click: the browser's cookie takes the selection or lets it go. */
export function toggleInBrowser(entry: SlipEntry): void {
  changeInBrowser((s) => toggleSelection(s, entry));
}
