import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { computeCashbacks, weekOf } from "../../workers/platform/cashback/compute";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { expectDerived, numbersOf } from "./claims-helpers";
import { data, get } from "./helpers";
import { playerDb } from "./player-db";

/**
 * The numbers of the configured objects' own texts (issue 40, decision 0084): a wheel's name,
 * description and rules, each sector's prize, the wheels' and the programme's quests, the shop's
 * products, the tournaments, the cashback and the loyalty programme — in every locale, as a visitor,
 * a player paying in reais and a UK player — are the object's own numbers, in the reader's
 * currency, computed here from the configuration's rows. The seed typed them ("5.00 casino bonus",
 * "win up to 500.00"), so a player in reais read dollars' numbers.
 */

const LOCALES = ["en", "es", "pt", "ar"];
type Read = (path: string, query?: Record<string, string | number>) => Promise<Response>;
const units = (minor: unknown) => (typeof minor === "number" ? [minor / 100] : []);

/** A wheel sector's prize numbers from its rows: cash, a bonus's amount, points, spins, a pack's spins. */
async function sectorNumbers(id: number, currency: string): Promise<number[]> {
  const s = (await env.DB.prepare(
    `SELECT json_extract(s.money, '$.' || ?2) AS money, s.points, s.spins, a.amount, f.count FROM wheel_sectors s
       LEFT JOIN bonus_template_amounts a ON a.template_id = s.bonus_template_id AND a.currency = ?2
       LEFT JOIN freespin_templates f ON f.id = s.freespin_template_id WHERE s.id = ?1`,
  )
    .bind(id, currency)
    .first<Record<string, number | null>>())!;
  return [...units(s.money), ...units(s.amount), s.points, s.spins, s.count].filter((n): n is number => typeof n === "number");
}

/** A quest's numbers from its row: its target (money in whole units for a wagering quest) and its reward. */
async function questNumbers(id: number): Promise<number[]> {
  const q = (await env.DB.prepare("SELECT kind, target, reward FROM quests WHERE id = ?1").bind(id).first<{ kind: string; target: number; reward: number }>())!;
  return [q.kind === "wagered" ? q.target / 100 : q.target, q.reward];
}

/** A shop product's numbers from its rows: its price, its cash or its bonus's amount and wagering, its pack's spins. */
async function productNumbers(id: number, currency: string, cap: number | null): Promise<number[]> {
  const p = (await env.DB.prepare(
    `SELECT pr.price, json_extract(pr.money, '$.' || ?2) AS money, a.amount, t.wager_multiplier, f.count FROM loyalty_products pr
       LEFT JOIN bonus_templates t ON t.id = pr.bonus_template_id LEFT JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = ?2
       LEFT JOIN freespin_templates f ON f.id = pr.freespin_template_id WHERE pr.id = ?1`,
  )
    .bind(id, currency)
    .first<Record<string, number | null>>())!;
  const wager = typeof p.wager_multiplier === "number" ? [cap === null ? p.wager_multiplier : Math.min(p.wager_multiplier, cap)] : [];
  return [p.price!, ...units(p.money), ...units(p.amount), ...wager, ...(typeof p.count === "number" ? [p.count] : [])];
}

/** A programme's numbers from its row: the money wagered per point, by game kind, in `currency`. */
async function programmeNumbers(id: number, currency: string): Promise<number[]> {
  const rates = JSON.parse((await env.DB.prepare("SELECT rates FROM loyalty_programs WHERE id = ?1").bind(id).first<string>("rates"))!);
  return Object.values((rates[currency]?.earn ?? {}) as Record<string, number>).flatMap(units);
}

/** Each text shown: no placeholder left, and not left empty (a text that could not be derived). */
function expectFilled(what: string, texts: string[]) {
  for (const t of texts) {
    expect.soft(t, `${what}: "${t}" keeps a placeholder`).not.toMatch(/\{\{/);
    expect.soft(t, `${what}: a text left empty`).not.toBe("");
  }
}

/** Every configured object's own texts as `read` gets them in every locale, each number checked against its rows. */
async function checkOwnTexts(read: Read, currency: string, cap: number | null, player: boolean) {
  for (const locale of LOCALES) {
    const wheels = (await data(read("FortuneWheels/campaignsGet", { locale }))).items;
    expect(wheels.length).toBeGreaterThanOrEqual(2);
    for (const w of wheels) {
      const { rules } = await data(read("FortuneWheels/campaignsInfo", { locale, campaign_id: w.id }));
      expectFilled(`wheel ${w.sysname} (${locale})`, [w.title, w.description, rules]);
      await expectDerived(`wheel ${w.sysname} (${locale})`, [w.title, w.description, rules], { wheel: `wheel:${w.sysname}` }, currency, cap);
      const { sectors } = await data(read("FortuneWheels/wheelInfoGet", { locale, campaign_id: w.id }));
      for (const s of sectors) {
        expectFilled(`sector ${s.id} (${locale})`, [s.reward.title]);
        await expectDerived(`sector ${s.id} of ${w.sysname} (${locale})`, [s.reward.title], {}, currency, cap, await sectorNumbers(s.id, currency));
      }
      for (const q of (await data(read("FortuneWheels/campaignsQuestsGet", { locale, campaign_id: w.id }))).items) {
        expectFilled(`wheel quest ${q.sysname} (${locale})`, [q.title, q.description]);
        await expectDerived(`wheel quest ${q.sysname} (${locale})`, [q.title, q.description], {}, currency, cap, await questNumbers(q.id));
      }
    }
    for (const p of (await data(read("loyalty/getproducts", { locale }))).items) {
      expectFilled(`product ${p.sysname} (${locale})`, [p.title, p.description]);
      await expectDerived(`product ${p.sysname} (${locale})`, [p.title, p.description], {}, currency, cap, await productNumbers(p.id, currency, cap));
    }
    for (const p of (await data(read("loyalty/getPrograms", { locale }))).items) {
      expectFilled(`programme ${p.sysname} (${locale})`, [p.title, p.description]);
      await expectDerived(`programme ${p.sysname} (${locale})`, [p.title, p.description], {}, currency, cap, await programmeNumbers(p.id, currency));
    }
    for (const status of ["active", "future", "finished"]) {
      for (const t of (await data(read("tournaments/get", { locale, status, fields: "description" }))).items) {
        // A tournament for other currencies has no prizes in the reader's: its description cannot be derived, so it is not shown.
        if (t.restrictions.currencies.length && !t.restrictions.currencies.includes(currency)) continue;
        expectFilled(`tournament ${t.sysname} (${locale})`, [t.title, t.description]);
        await expectDerived(`tournament ${t.sysname} (${locale})`, [t.title, t.description], { tournament: `tournament:${t.sysname}` }, currency, cap);
      }
    }
    if (!player) continue;
    for (const q of (await data(read("loyalty/getquests", { locale }))).items) {
      expectFilled(`loyalty quest ${q.sysname} (${locale})`, [q.title, q.description]);
      await expectDerived(`loyalty quest ${q.sysname} (${locale})`, [q.title, q.description], {}, currency, cap, await questNumbers(q.id));
    }
    for (const c of (await data(read("cashbacks/get", { locale, fields: "description" }))).items) {
      expectFilled(`cashback (${locale})`, [c.title, c.description]);
      await expectDerived(`cashback (${locale})`, [c.title, c.description], { cashback: "cashback:weekly-cashback" }, currency, cap);
    }
  }
}

/** A player in `currency` and `country` with a computed cashback (lost 50.00 last week, in their currency's units). */
async function playerWithCashback(currency: string, country: string): Promise<Player> {
  const p = await registerPlayer({ currency });
  await env.DB.prepare("UPDATE users SET country_code = ?2 WHERE uid = ?1").bind(p.uid, country).run();
  await refreshMirror(env, p.uid);
  const move = (key: string, delta: number, type?: "bet") =>
    applyOperation(playerDb(p.uid), {
      uid: p.uid,
      key: `own-${p.uid}-${key}`,
      type: type ?? "deposit",
      changes: [{ kind: "main", delta, ...(type ? { type } : {}) }],
    });
  await move("deposit", 100_000);
  await move("bet", -50_000, "bet");
  expect(await computeCashbacks({ db: env.DB, env, waitUntil: () => {} }, weekOf(Date.now()).end + 60_000, { uid: p.uid })).toBe(1);
  return p;
}

describe("every number of a configured object's own texts", () => {
  it("is its object's, in every locale, for a visitor", async () => {
    await checkOwnTexts((path, query) => get(path, query), "USD", null, false);
    const [daily] = (await data(get("FortuneWheels/campaignsGet"))).items;
    const { sectors } = await data(get("FortuneWheels/wheelInfoGet", { campaign_id: daily.id }));
    expect(sectors.map((s: { reward: { title: string } }) => s.reward.title)).toContain("$5 casino bonus");
  });

  it("in the player's currency for a player paying in reais: the premium wheel's prizes are theirs", async () => {
    const p = await playerWithCashback("BRL", "BR");
    await checkOwnTexts((path, query) => p.browser.get(path, query), "BRL", null, true);
    const premium = (await data(p.browser.get("FortuneWheels/campaignsGet"))).items.find((w: { sysname: string }) => w.sysname === "premium-wheel");
    // A spin costs R$5 and the top prize is R$2,500 (the seed typed "1.00" and "500.00" for everyone).
    expect(premium.description).toContain("R$5");
    expect(premium.description).toContain("R$2,500");
    const { sectors } = await data(p.browser.get("FortuneWheels/wheelInfoGet", { campaign_id: premium.id }));
    expect(sectors.map((s: { reward: { title: string } }) => s.reward.title)).toContain("R$2.50 cash");
  });

  it("under the player's market: a UK player's shop bonus says the wagering they are held to", async () => {
    const p = await playerWithCashback("USD", "GB");
    await checkOwnTexts((path, query) => p.browser.get(path, query), "USD", 10, true);
  });
});
