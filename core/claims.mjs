/**
 * Marketing claims (issue 40, decision 0084): every number a player reads in the site's advertising
 * (banners, campaign popups, bonus descriptions) is a placeholder filled from the configured object
 * it advertises, never typed. A text names its objects in a `claims` map — a key per object, the
 * object as `kind:sysname` ("offer:weekend-reload") — and writes `{{key.field}}` where a number goes
 * ("{{offer.percent}}% up to {{offer.cap}}"). The platform fills the fields from the object, in the
 * reader's currency and under their market's terms (a UK reader reads the capped wagering).
 *
 * Pure and plain JavaScript, so the seed compiler (scripts/seed-sql.mjs, plain Node) refuses a
 * seed whose claims cannot be derived, and the platform refuses to show one, by the same rule.
 * Types in claims.d.mts.
 */

/** What each kind of object can be said to give, by field. */
export const CLAIM_FIELDS = Object.freeze({
  // a bonus template: its percentage, fixed amount, cap, minimum deposit, wagering (× and days), max bet and cash-out
  bonus: ["percent", "amount", "cap", "min_deposit", "wager", "days", "max_bet", "max_cashout"],
  // a campaign offer: its bonus's fields, and the free spins it grants (how many, for how many days)
  offer: ["percent", "amount", "cap", "min_deposit", "wager", "days", "max_bet", "max_cashout", "spins", "spins_days"],
  // a free-spin template: how many spins, at what bet, for how many days, from what deposit, and the winnings' wagering
  freespins: ["count", "bet", "days", "min_deposit", "wager"],
  // a tournament: the money its prize table pays in all, the places paid, the first prize
  tournament: ["pool", "places", "top"],
  // a wheel: its biggest money prize (cash or a bonus)
  wheel: ["top"],
  // a cashback programme: its percentage, the most it pays, the least loss it pays on, the days to claim
  cashback: ["percent", "max", "min_loss", "claim_days"],
});

const PLACEHOLDER = /\{\{\s*([a-z_]+)\.([a-z_]+)\s*\}\}/g;
/** Digits of any script a reader may see (ASCII, Arabic-Indic, Eastern Arabic-Indic). */
const DIGITS = /[0-9\u0660-\u0669\u06F0-\u06F9]+/g;

/** `kind:sysname` as its parts, or null when it is not one. */
export function parseClaimRef(ref) {
  const m = typeof ref === "string" ? /^([a-z]+):([a-z0-9_-]{1,64})$/.exec(ref) : null;
  if (!m || !Object.hasOwn(CLAIM_FIELDS, m[1])) return null;
  return { kind: m[1], sysname: m[2] };
}

/** The placeholders of `text`, as [key, field] pairs. */
export function placeholdersOf(text) {
  return [...String(text ?? "").matchAll(PLACEHOLDER)].map((m) => [m[1], m[2]]);
}

/**
 * Why these texts' claims cannot be derived (empty: they can): a claim that names no object, a
 * placeholder of no claimed object or of a field its kind has not, and a number typed as text —
 * outside the placeholders and the markup, only `allowed` numbers may stand (the age a site's
 * notice names: "18+ only").
 */
export function claimProblems(texts, claims, allowed = ["18"]) {
  const problems = [];
  const kinds = {};
  for (const [key, ref] of Object.entries(claims ?? {})) {
    const parsed = parseClaimRef(ref);
    if (!parsed) problems.push(`claim '${key}' names no object ('${ref}'; kind:sysname, kinds ${Object.keys(CLAIM_FIELDS).join(", ")})`);
    else kinds[key] = parsed.kind;
  }
  for (const text of texts) {
    if (typeof text !== "string" || !text) continue;
    for (const [key, field] of placeholdersOf(text)) {
      if (!Object.hasOwn(kinds, key)) problems.push(`{{${key}.${field}}} names no claimed object`);
      else if (!CLAIM_FIELDS[kinds[key]].includes(field)) problems.push(`{{${key}.${field}}}: a ${kinds[key]} has no '${field}'`);
    }
    const literal = text.replace(PLACEHOLDER, " ").replace(/<[^>]*>/g, " ");
    for (const m of literal.matchAll(DIGITS)) {
      // Digits inside a word are a name, not a claim ("WELCOME50", "Rtg4"); a wagering's "x35" and "35x" are claims.
      const before = literal[m.index - 1] ?? "";
      const after = literal[m.index + m[0].length] ?? "";
      const inWord = (c) => /\p{L}/u.test(c) && !/[x×]/i.test(c);
      if (inWord(before) || inWord(after) || allowed.includes(m[0])) continue;
      problems.push(`a number typed as text: '${m[0]}' in "${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`);
    }
  }
  return problems;
}

/** `text` with each placeholder filled from `values` (by "key.field"); null when one has no value. */
export function fillClaims(text, values) {
  let missing = false;
  const out = String(text ?? "").replace(PLACEHOLDER, (_, key, field) => {
    const v = values[`${key}.${field}`];
    if (v === undefined || v === null) missing = true;
    return v ?? "";
  });
  return missing ? null : out;
}
