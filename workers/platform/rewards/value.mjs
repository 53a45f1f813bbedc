/**
 * What a reward is worth, and whether a product sold for money or points pays more than it costs
 * (DESIGN §7 "Nothing sold pays more than it costs", decision 0058). Pure: the seed compiler
 * (scripts/seed-sql.mjs, plain Node) and the platform (buying spins, buying shop products, the
 * wheel's published expected return) both call it, so the seed and the running platform judge a
 * product by the same numbers. Plain JavaScript for that reason; its types are in value.d.mts.
 *
 * Every value is in minor units of one currency (fractions kept: a 25-point prize at 1 cent a
 * point weighted 3 in 10 is 7.5 cents a spin).
 */

/**
 * The stated slot RTP of the valuation, in basis points: a free spin returns bet × RTP, and a
 * bonus's house edge is 1 − RTP. 97 % is above the catalogue's typical slot (the bonus X-ray's
 * fallback is 96 %), so a bonus or a pack is never valued below what it is worth: the check errs
 * on the player's side, and does not move when the catalogue changes.
 */
export const VALUATION_RTP_BP = 9700;

/**
 * One reward's worth. `rates.pointValuePer1000`: what 1,000 loyalty points are worth (the
 * programme's published value); `rates.spinValue`: what one spin of the wheel is worth (its
 * price). Returns null when the reward cannot be valued (points or spins with no stated value):
 * a product with such a reward is not sold.
 */
export function rewardValue(reward, rates) {
  // In basis points, so the arithmetic is exact (1 − 0.97 is not 0.03 in floating point).
  const rtpBp = rates.rtpBp ?? VALUATION_RTP_BP;
  switch (reward.type) {
    case "nothing":
      return 0;
    case "money":
      return reward.amount ?? 0;
    case "bonus":
      // Wagering-weighted: clearing amount × multiplier at a house edge of (1 − RTP) costs that
      // much of it on average; what is left is the bonus's worth, never below nothing.
      return Math.max(0, ((reward.amount ?? 0) * (10_000 - (10_000 - rtpBp) * reward.wager_multiplier)) / 10_000);
    case "freespins":
      return reward.bet === null || reward.bet === undefined ? 0 : (reward.count * reward.bet * rtpBp) / 10_000;
    case "points":
      return rates.pointValuePer1000 === null || rates.pointValuePer1000 === undefined ? null : (reward.points * rates.pointValuePer1000) / 1000;
    case "spins":
      return rates.spinValue === null || rates.spinValue === undefined ? null : reward.spins * rates.spinValue;
    default:
      return null;
  }
}

/**
 * A wheel's expected return per spin: Σ weight × value ÷ Σ weight. A stock-limited sector counts
 * at the better of its prize and its fallback (the stock may never run out). Null when a sector
 * cannot be valued; 0 for a wheel without weight.
 */
export function wheelExpectedReturn(sectors, rates) {
  let total = 0;
  let sum = 0;
  for (const s of sectors) {
    const prize = rewardValue(s.prize, rates);
    const fallback = s.fallback ? rewardValue(s.fallback, rates) : 0;
    if (prize === null || fallback === null) return null;
    total += s.weight;
    sum += s.weight * Math.max(prize, fallback);
  }
  return total > 0 ? sum / total : 0;
}

/** What a price in loyalty points is worth in money (null: points have no stated value here). */
export const pointsWorth = (points, pointValuePer1000) =>
  pointValuePer1000 === null || pointValuePer1000 === undefined ? null : (points * pointValuePer1000) / 1000;

/** What one spin of a paid wheel is worth: the dearer of its prices (money, points at their value). */
export function spinWorth(prices, pointValuePer1000) {
  const worths = [prices.money, prices.points === null || prices.points === undefined ? null : pointsWorth(prices.points, pointValuePer1000)];
  const known = worths.filter((w) => w !== null && w !== undefined);
  return known.length ? Math.max(...known) : null;
}

/** A paid wheel's expected return per spin, its own spins (as prizes) valued at its price. */
export const paidWheelReturn = (prices, sectors, rates) => wheelExpectedReturn(sectors, { ...rates, spinValue: spinWorth(prices, rates.pointValuePer1000) });

const money = (minor) => (minor / 100).toFixed(2);

/**
 * Why a product may not be sold at `price` (its worth in money) with `expectedReturn` per unit,
 * or null when it may: the return must be below the price. `name` names the product and the way
 * it is paid in the message, e.g. "premium-wheel (a spin for 100 points, USD)".
 */
export function overpayment(name, expectedReturn, price) {
  if (price === null || price === undefined) return `${name}: its price has no stated value in money, so its return cannot be checked against it`;
  if (expectedReturn === null) return `${name}: a reward has no stated value (loyalty points or spins without a rate), so its return cannot be checked`;
  if (expectedReturn < price) return null;
  return `${name}: expected to return ${money(expectedReturn)} for a price worth ${money(price)}; nothing sold may pay back as much as it costs (DESIGN §7, decision 0058)`;
}

/**
 * Every refusal of a paid wheel in one currency (empty: it may be sold). `prices.money`: a spin's
 * price in money (null: not sold for money); `prices.points`: in points (null: not sold for points).
 */
export function wheelOverpayments(name, currency, prices, sectors, rates) {
  const expected = paidWheelReturn(prices, sectors, rates);
  const problems = [];
  if (prices.money !== null && prices.money !== undefined)
    problems.push(overpayment(`${name} (a spin for ${money(prices.money)} ${currency})`, expected, prices.money));
  if (prices.points !== null && prices.points !== undefined)
    problems.push(overpayment(`${name} (a spin for ${prices.points} points, ${currency})`, expected, pointsWorth(prices.points, rates.pointValuePer1000)));
  return problems.filter((p) => p !== null);
}
