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
  // a tournament: the money its prize table pays in all, the places paid, the first and second prizes, the least bet that scores
  tournament: ["pool", "places", "top", "second", "min_bet"],
  // a wheel: its biggest money prize (cash or a bonus), a spin's price in money and in loyalty points
  wheel: ["top", "price", "points_price"],
  // a cashback programme: its percentage, the most it pays, the least loss it pays on, the days to claim
  cashback: ["percent", "max", "min_loss", "claim_days"],
});

/**
 * What a configured object's own texts can say of it, for the objects no banner advertises by
 * name: they claim only themselves (`{{prize.amount}}` in a wheel sector's title).
 */
export const OWN_FIELDS = Object.freeze({
  ...CLAIM_FIELDS,
  // a wheel sector's prize: its money (cash, or a bonus's amount), its loyalty points, its spins (a free-spin pack's, or the wheel's own)
  prize: ["amount", "points", "spins"],
  // a quest: what it asks (a count, or money for a wagering quest) and what it gives (wheel spins, loyalty points)
  quest: ["target", "spins", "points"],
  // a loyalty shop product: what it gives (money or a bonus's amount, free spins), the bonus's wagering, its price in points
  product: ["amount", "spins", "wager", "price"],
  // a loyalty programme: the money wagered per point, by game kind
  programme: ["slot", "fast", "table", "live", "sport"],
});

const PLACEHOLDER = /\{\{\s*([a-z_]+)\.([a-z_]+)\s*\}\}/g;
/** Digits of any script a reader may see (ASCII, Arabic-Indic, Eastern Arabic-Indic). */
const DIGITS = /[0-9\u0660-\u0669\u06F0-\u06F9]+/g;

/** `kind:sysname` as its parts, or null when it is not one. */
export function parseClaimRef(ref, fields = CLAIM_FIELDS) {
  const m = typeof ref === "string" ? /^([a-z]+):([a-z0-9_-]{1,64})$/.exec(ref) : null;
  if (!m || !Object.hasOwn(fields, m[1])) return null;
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
export function claimProblems(texts, claims, allowed = ["18"], fields = CLAIM_FIELDS) {
  const problems = [];
  const kinds = {};
  for (const [key, ref] of Object.entries(claims ?? {})) {
    const parsed = parseClaimRef(ref, fields);
    if (!parsed) problems.push(`claim '${key}' names no object ('${ref}'; kind:sysname, kinds ${Object.keys(fields).join(", ")})`);
    else kinds[key] = parsed.kind;
  }
  for (const text of texts) {
    if (typeof text !== "string" || !text) continue;
    for (const [key, field] of placeholdersOf(text)) {
      if (!Object.hasOwn(kinds, key)) problems.push(`{{${key}.${field}}} names no claimed object`);
      else if (!fields[kinds[key]].includes(field)) problems.push(`{{${key}.${field}}}: a ${kinds[key]} has no '${field}'`);
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

/** Why a configured object's own texts cannot be derived: they may claim only `kind` itself, as `{{kind.field}}` (OWN_FIELDS). */
export const ownProblems = (texts, kind) => claimProblems(texts, { [kind]: `${kind}:self` }, ["18"], OWN_FIELDS);

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
