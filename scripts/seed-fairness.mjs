// The seed is fair by default (issue 40, decision 0085): no seeded bonus asks more wagering than the
// strictest cap a market we profile sets (the UK's 10 × the bonus, from 19 Jan 2026), and none
// counts the deposit in its requirement ("deposit + bonus" 10 × is 50 × a 25 % bonus). A market
// without a cap may hold more, but the product does not seed it: an operator who wants 35 × for
// an international site says so in their own configuration, where the claims and the X-ray show it.
// Checked before any SQL is built, as the prices (seed-prices.mjs) and the claims (seed-claims.mjs) are.
import { seedBonusTemplates } from "./seed-claims.mjs";

/**
 * The strictest wagering cap among the jurisdiction profiles, as a multiple of the bonus. Plain
 * JavaScript cannot read core/jurisdictions.ts here, so the number is stated and a unit test
 * (seed-fairness.test.mjs) holds it equal to the profiles' smallest `bonuses.maxWagerMultiplier`.
 */
export const FAIR_WAGER_MULTIPLIER = 10;

/** Every seeded bonus template that asks more than the fair cap, as messages (empty: fair). */
export function seedWageringProblems(seedDir) {
  return seedBonusTemplates(seedDir).flatMap(([name, t]) => {
    const problems = [];
    if ((t.wager_base ?? "bonus") !== "bonus")
      problems.push(`bonus template '${name}': wagering counts the ${t.wager_base.replace("_", " and ")}; a seeded bonus counts the bonus alone`);
    if (t.wager_multiplier > FAIR_WAGER_MULTIPLIER)
      problems.push(`bonus template '${name}': wagered ${t.wager_multiplier} × the bonus, above the strictest cap we know (${FAIR_WAGER_MULTIPLIER} ×)`);
    return problems;
  });
}

export function checkSeedWagering(seedDir) {
  const problems = seedWageringProblems(seedDir);
  if (problems.length) throw new Error(`Seed: bonuses that are not fair by default (decision 0085):\n${problems.join("\n")}`);
}
