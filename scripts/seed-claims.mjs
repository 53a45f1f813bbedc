// The seed's marketing texts checked before any SQL is built (issue 40, decision 0084): every
// number in a banner, a campaign popup, a bonus or free-spin template's texts, an offer's, a wheel's
// and its sectors' and quests', a loyalty quest's, a shop product's, a tournament's, a cashback
// programme's or a loyalty programme's is a placeholder of an object it claims, by the rule the
// platform applies before showing one (core/claims.mjs), so a seed that types a number is refused
// here, not shown wrong. Whether each claimed object exists is the platform's to say: a test reads
// every seeded surface in every locale (tests/workers/marketing-claims.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claimProblems, ownProblems } from "../core/claims.mjs";

const read = (dir, file) => JSON.parse(readFileSync(join(dir, file), "utf8"));

/** The texts a player reads of a seeded banner or popup. */
const bannerTexts = (b) => [b.title, b.subtitle, b.buttonTitle, b.content, b.display?.label, b.display?.value, b.display?.addition];
const popupTexts = (p) => [p.title, p.content, p.buttonTitle];

/**
 * A configured object's own texts ({ locale: { title, description | text, rules } }), which claim the
 * object itself as `kind` ("bonus", "prize", "quest", …; OWN_FIELDS): the platform fills them where it
 * shows them. A loyalty programme's notices and points alias are not read here (their `{amount}` is
 * the event's, not a claim).
 */
const ownTextProblems = (what, texts, kind) =>
  Object.entries(texts ?? {}).flatMap(([locale, t]) => ownProblems([t.title, t.description, t.text, t.rules], kind).map((p) => `${what} (${locale}): ${p}`));

/**
 * Every bonus template the seed defines, wherever (its own file, an offer's, a wheel sector's, a
 * prize's, a product's, a pack's winnings), as [name, template]. The claims check reads their texts;
 * the fairness check (seed-fairness.mjs) their wagering.
 */
export function seedBonusTemplates(seedDir) {
  const out = read(seedDir, "bonus-templates.json").map((t) => [t.sysname, t]);
  for (const o of read(seedDir, "campaign-offers.json")) if (o.bonus) out.push([`offer ${o.sysname}`, o.bonus]);
  for (const f of read(seedDir, "freespin-templates.json")) if (f.winnings) out.push([`${f.sysname} winnings`, f.winnings]);
  for (const c of read(seedDir, "wheel-campaigns.json"))
    for (const s of c.sectors ?? []) if (s.reward?.type === "bonus") out.push([s.reward.bonus.sysname, s.reward.bonus]);
  for (const t of read(seedDir, "tournaments.json")) for (const p of t.prizes ?? []) if (p.bonus) out.push([`${t.sysname} prize`, p.bonus]);
  for (const p of read(seedDir, "loyalty-products.json")) if (p.bonus) out.push([`${p.sysname} bonus`, p.bonus]);
  return out;
}

export function checkSeedClaims(seedDir) {
  const problems = [
    ...read(seedDir, "banners.json").flatMap((b) =>
      claimProblems(bannerTexts(b), b.claims).map((p) => `banner '${b.title}' (${b.locale}, ${b.position}): ${p}`),
    ),
    ...read(seedDir, "popups.json").flatMap((p) => claimProblems(popupTexts(p), p.claims).map((x) => `popup '${p.sysname}' (${p.locale}): ${x}`)),
    ...seedBonusTemplates(seedDir).flatMap(([name, t]) => ownTextProblems(`bonus template '${name}'`, t.texts, "bonus")),
    ...read(seedDir, "freespin-templates.json").flatMap((f) => ownTextProblems(`free-spin template '${f.sysname}'`, f.texts, "freespins")),
    ...read(seedDir, "campaign-offers.json").flatMap((o) => ownTextProblems(`offer '${o.sysname}'`, o.texts, "offer")),
    ...read(seedDir, "wheel-campaigns.json").flatMap((w) => [
      ...ownTextProblems(`wheel '${w.sysname}'`, w.texts, "wheel"),
      ...(w.sectors ?? []).flatMap((s, i) => ownTextProblems(`wheel '${w.sysname}' sector ${i} (${s.reward?.type})`, s.texts, "prize")),
      ...(w.quests ?? []).flatMap((q) => ownTextProblems(`wheel '${w.sysname}' quest '${q.sysname}'`, q.texts, "quest")),
    ]),
    ...read(seedDir, "loyalty-quests.json").flatMap((q) => ownTextProblems(`loyalty quest '${q.sysname}'`, q.texts, "quest")),
    ...read(seedDir, "loyalty-products.json").flatMap((p) => ownTextProblems(`loyalty product '${p.sysname}'`, p.texts, "product")),
    ...read(seedDir, "tournaments.json").flatMap((t) => ownTextProblems(`tournament '${t.sysname}'`, t.texts, "tournament")),
    ...read(seedDir, "cashback-programmes.json").flatMap((c) => ownTextProblems(`cashback programme '${c.sysname}'`, c.texts, "cashback")),
    ...read(seedDir, "loyalty-programs.json").flatMap((p) => [
      ...ownTextProblems(`loyalty programme '${p.sysname}'`, p.texts, "programme"),
      ...(p.levels ?? []).flatMap((l) => ownTextProblems(`loyalty programme '${p.sysname}' level '${l.sysname}'`, l.texts, "programme")),
      ...(p.characters ?? []).flatMap((c) => ownTextProblems(`loyalty programme '${p.sysname}' character '${c.sysname}'`, c.texts, "programme")),
    ]),
    // The content configuration's sidebar banner (shown when the platform answers none, or late) claims nothing: it may type no number.
    ...read(seedDir, "locales.json").flatMap(({ code }) => {
      const b = read(seedDir, `cms/${code}.json`).sidebarBanner;
      return b ? claimProblems([b.title, b.subtitle, b.buttonTitle], {}).map((p) => `content configuration's sidebar banner (${code}): ${p}`) : [];
    }),
  ];
  if (problems.length) throw new Error(`Seed: marketing claims that cannot be derived:\n${problems.join("\n")}`);
}
