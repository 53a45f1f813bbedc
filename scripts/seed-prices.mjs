// The seed's paid products checked before any SQL is built (DESIGN §7, decision 0058): every
// wheel sold for money or points and every loyalty shop product must be expected to return less
// than its price, valued by workers/platform/rewards/value.mjs exactly as the platform values it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { overpayment, paidWheelReturn, pointsWorth, rewardValue, wheelOverpayments } from "../workers/platform/rewards/value.mjs";

const read = (dir, file) => JSON.parse(readFileSync(join(dir, file), "utf8"));
const keys = (o) => Object.keys(o ?? {});

/** A seed reward ({ type, money | bonus | freespins | points | spins }) as value.mjs takes it, in `currency`. */
function valued(r, currency, packs) {
  switch (r.type) {
    case "money":
      return { type: "money", amount: r.money?.[currency] ?? null };
    case "bonus":
      return { type: "bonus", amount: r.bonus.amounts[currency]?.amount ?? null, wager_multiplier: r.bonus.wager_multiplier };
    case "freespins": {
      const pack = packs.get(r.freespins);
      if (!pack) throw new Error(`Seed: no free-spin template '${r.freespins}'`);
      return { type: "freespins", count: pack.count, bet: pack.bets[currency]?.bet ?? null };
    }
    case "points":
      return { type: "points", points: r.points };
    case "spins":
      return { type: "spins", spins: r.spins };
    default:
      return { type: "nothing" };
  }
}

/** The currencies a seed reward pays in. */
const rewardCurrencies = (r, packs) =>
  r.type === "money" ? keys(r.money) : r.type === "bonus" ? keys(r.bonus.amounts) : r.type === "freespins" ? keys(packs.get(r.freespins)?.bets) : [];

/**
 * Every paid wheel of the seed, valued in each currency it is sold or pays in: its spin prices,
 * the point value and the expected return per spin (as the platform computes them).
 */
export function seedWheels(seedDir) {
  const packs = new Map(read(seedDir, "freespin-templates.json").map((t) => [t.sysname, t]));
  // Wheel points are the player's account's: the first programme (loyalty ensureAccount).
  const first = read(seedDir, "loyalty-programs.json")[0];
  const wheels = [];
  for (const w of read(seedDir, "wheel-campaigns.json")) {
    const money = w.spin_price ?? null;
    const points = w.spin_price_points ?? null;
    if (money === null && points === null) continue; // spins not sold: earned by quests
    const currencies = new Set([
      ...keys(money),
      ...(points !== null ? keys(first?.rates) : []),
      ...w.sectors.flatMap((x) => rewardCurrencies(x.reward, packs)),
    ]);
    for (const currency of currencies) {
      const sectors = w.sectors.map((x) => ({
        weight: x.weight,
        prize: valued(x.reward, currency, packs),
        fallback:
          x.stock === undefined || x.stock === null ? null : x.fallback === "points" ? { type: "points", points: x.fallback_points } : { type: "nothing" },
      }));
      const prices = { money: money?.[currency] ?? null, points };
      const rates = { pointValuePer1000: first?.rates?.[currency]?.value_per_1000 ?? null };
      wheels.push({ sysname: w.sysname, currency, prices, sectors, rates, perSpin: paidWheelReturn(prices, sectors, rates) });
    }
  }
  return wheels;
}

/** Every refusal of the seed's paid products (empty: all may be sold). */
export function seedOverpayments(seedDir) {
  const packs = new Map(read(seedDir, "freespin-templates.json").map((t) => [t.sysname, t]));
  const programs = read(seedDir, "loyalty-programs.json");
  const pointValue = (program, currency) => program?.rates?.[currency]?.value_per_1000 ?? null;
  const problems = [];
  for (const w of seedWheels(seedDir)) problems.push(...wheelOverpayments(`wheel campaign '${w.sysname}'`, w.currency, w.prices, w.sectors, w.rates));

  for (const p of read(seedDir, "loyalty-products.json")) {
    const reward = p.bonus
      ? { type: "bonus", bonus: p.bonus }
      : p.freespins
        ? { type: "freespins", freespins: p.freespins }
        : { type: "money", money: p.money };
    const program = programs.find((x) => x.sysname === p.program);
    for (const currency of rewardCurrencies(reward, packs)) {
      const value = rewardValue(valued(reward, currency, packs), { pointValuePer1000: pointValue(program, currency) });
      const problem = overpayment(
        `loyalty product '${p.sysname}' (${p.price} points, ${currency})`,
        value,
        pointsWorth(p.price, pointValue(program, currency)),
      );
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** Throws, naming every product, when a paid product of the seed pays back as much as it costs. */
export function checkSeedPrices(seedDir) {
  const problems = seedOverpayments(seedDir);
  if (problems.length) throw new Error(`The seed sells products that pay more than they cost:\n- ${problems.join("\n- ")}`);
}
