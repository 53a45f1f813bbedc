// Compiles the readable seed data in migrations/seed/ into SQL for a D1 database.
// Upserts only, so running it again refreshes the demo content and keeps everything else.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSeedClaims } from "./seed-claims.mjs";
import { checkSeedWagering } from "./seed-fairness.mjs";
import { checkSeedPrices } from "./seed-prices.mjs";

const q = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const json = (v) => q(JSON.stringify(v));
const read = (dir, file) => JSON.parse(readFileSync(join(dir, file), "utf8"));

function flatten(bundle, prefix = "", out = []) {
  for (const [k, v] of Object.entries(bundle)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.push([key, v]);
    else flatten(v, key, out);
  }
  return out;
}

export function buildSeedStatements(seedDir) {
  // Nothing sold pays more than it costs (decision 0058): a seed that breaks it builds nothing.
  checkSeedPrices(seedDir);
  checkSeedClaims(seedDir);
  checkSeedWagering(seedDir);
  const s = [];
  const now = Math.floor(Date.parse("2026-11-01T00:00:00Z") / 1000);
  const locales = read(seedDir, "locales.json");
  for (const [i, l] of locales.entries()) {
    s.push(
      `INSERT INTO locales (code, name, icon, dir, is_default, is_enabled, position) VALUES (${q(l.code)}, ${q(l.name)}, ${q(l.icon)}, ${q(l.dir)}, ${l.isDefault ? 1 : 0}, 1, ${i})
       ON CONFLICT (code) DO UPDATE SET name = excluded.name, icon = excluded.icon, dir = excluded.dir, is_default = excluded.is_default, position = excluded.position`,
    );
  }
  const settings = read(seedDir, "settings.json");
  for (const [key, value] of Object.entries(settings)) {
    s.push(`INSERT OR REPLACE INTO settings (key, value) VALUES (${q(key)}, ${json(value)})`);
  }
  // The registration form per country (account.getPersonalDataFields), one settings row.
  s.push(`INSERT OR REPLACE INTO settings (key, value) VALUES ('personal_data', ${json(read(seedDir, "personal-data.json"))})`);
  for (const { code } of locales) {
    for (const [key, value] of flatten(read(join(seedDir, "messages"), `${code}.json`))) {
      s.push(`INSERT OR REPLACE INTO messages (locale, key, value) VALUES (${q(code)}, ${q(key)}, ${q(value)})`);
    }
    s.push(`INSERT OR REPLACE INTO cms_configs (locale, config) VALUES (${q(code)}, ${json(read(join(seedDir, "cms"), `${code}.json`))})`);
    for (const p of read(join(seedDir, "pages"), `${code}.json`)) {
      s.push(
        `INSERT OR REPLACE INTO content_pages (slug, locale, title, content, seo, updated_at) VALUES (${q(p.slug)}, ${q(code)}, ${q(p.title)}, ${q(p.content)}, ${json(p.seo)}, ${now})`,
      );
    }
  }
  // The locales' message bundles (migration 0065), built once here: the upserts above dropped them,
  // and a site's first render would otherwise rebuild each (one D1 row per key) on its first read.
  s.push(
    "INSERT OR REPLACE INTO message_bundles (locale, bundle) SELECT locale, json_group_object(key, value) FROM (SELECT locale, key, value FROM messages ORDER BY locale, key) GROUP BY locale",
  );
  for (const [i, r] of read(seedDir, "redirects.json").entries()) {
    s.push(
      `INSERT OR REPLACE INTO redirects (id, from_url, to_url, is_external, status, position) VALUES (${i + 1}, ${q(r.from_url)}, ${q(r.to_url)}, ${r.external ? 1 : 0}, ${r.status ?? 301}, ${i})`,
    );
  }
  for (const [i, b] of read(seedDir, "banners.json").entries()) {
    s.push(
      `INSERT OR REPLACE INTO banners (id, locale, position, title, subtitle, button_title, link, display, sort, starts_at, finished_at, content, claims) VALUES (${i + 1}, ${q(b.locale)}, ${q(b.position)}, ${q(b.title)}, ${q(b.subtitle)}, ${q(b.buttonTitle)}, ${q(b.link)}, ${json(b.display)}, ${b.sort ?? i}, NULL, ${b.finished_at ?? "NULL"}, ${q(b.content ?? "")}, ${json(b.claims ?? {})})`,
    );
  }
  for (const [i, p] of read(seedDir, "popups.json").entries()) {
    s.push(
      `INSERT OR REPLACE INTO popups (id, locale, sysname, title, content, image, button_title, button_link, is_active, audience_event, claims) VALUES (${i + 1}, ${q(p.locale)}, ${q(p.sysname)}, ${q(p.title)}, ${q(p.content)}, ${q(p.image)}, ${q(p.buttonTitle)}, ${q(p.buttonLink)}, ${p.isActive === false ? 0 : 1}, ${q(p.audienceEvent)}, ${json(p.claims ?? {})})`,
    );
  }
  // The operator's bonus templates (issue 18): upserted by sysname, and their amounts by currency.
  for (const [i, t] of read(seedDir, "bonus-templates.json").entries()) {
    s.push(
      `INSERT INTO bonus_templates (sysname, type, trigger, deposit_from, deposit_to, promo_code, percent, wager_multiplier, wager_base, contributions, activation_days, wagering_days, texts, position, is_enabled, stake_returned)
       VALUES (${q(t.sysname)}, ${q(t.type)}, ${q(t.trigger)}, ${q(t.deposit_from)}, ${q(t.deposit_to)}, ${q(t.promo_code)}, ${q(t.percent)}, ${t.wager_multiplier}, ${q(t.wager_base)}, ${json(t.contributions ?? { slots: 100, table: 10, live: 0 })}, ${t.activation_days}, ${t.wagering_days}, ${json(t.texts)}, ${i}, 1, ${t.stake_returned ? 1 : 0})
       ON CONFLICT (sysname) DO UPDATE SET stake_returned = excluded.stake_returned, type = excluded.type, trigger = excluded.trigger, deposit_from = excluded.deposit_from, deposit_to = excluded.deposit_to, promo_code = excluded.promo_code, percent = excluded.percent, wager_multiplier = excluded.wager_multiplier, wager_base = excluded.wager_base, contributions = excluded.contributions, activation_days = excluded.activation_days, wagering_days = excluded.wagering_days, texts = excluded.texts, position = excluded.position`,
    );
    for (const [currency, a] of Object.entries(t.amounts)) {
      s.push(
        `INSERT INTO bonus_template_amounts (template_id, currency, amount, cap, min_deposit, max_deposit, max_bet, max_cashout)
         SELECT id, ${q(currency)}, ${q(a.amount)}, ${q(a.cap)}, ${a.min_deposit ?? 0}, ${q(a.max_deposit)}, ${q(a.max_bet)}, ${q(a.max_cashout)} FROM bonus_templates WHERE sysname = ${q(t.sysname)}
         ON CONFLICT (template_id, currency) DO UPDATE SET amount = excluded.amount, cap = excluded.cap, min_deposit = excluded.min_deposit, max_deposit = excluded.max_deposit, max_bet = excluded.max_bet, max_cashout = excluded.max_cashout`,
      );
    }
  }
  // The operator's cashback programmes (issue 18, decision 0040): upserted by sysname, their terms by currency.
  for (const c of read(seedDir, "cashback-programmes.json")) {
    s.push(
      `INSERT INTO cashback_programmes (sysname, period, percent, claim_days, texts, is_enabled)
       VALUES (${q(c.sysname)}, ${q(c.period)}, ${c.percent}, ${c.claim_days}, ${json(c.texts)}, 1)
       ON CONFLICT (sysname) DO UPDATE SET period = excluded.period, percent = excluded.percent, claim_days = excluded.claim_days, texts = excluded.texts`,
    );
    for (const [currency, t] of Object.entries(c.terms)) {
      s.push(
        `INSERT INTO cashback_programme_terms (programme_id, currency, min_loss, max_payout)
         SELECT id, ${q(currency)}, ${t.min_loss}, ${t.max_payout} FROM cashback_programmes WHERE sysname = ${q(c.sysname)}
         ON CONFLICT (programme_id, currency) DO UPDATE SET min_loss = excluded.min_loss, max_payout = excluded.max_payout`,
      );
    }
  }
  // Free-spin templates (issue 18, decision 0041), each with the bonus template its winnings become
  // (trigger 'manual': granted only when a pack ends), upserted by sysname; bets by currency.
  for (const [i, t] of read(seedDir, "freespin-templates.json").entries()) {
    const bonus = `freespins-${t.sysname}`;
    const w = t.winnings;
    s.push(
      `INSERT INTO bonus_templates (sysname, type, trigger, wager_multiplier, wager_base, contributions, activation_days, wagering_days, texts, position, is_enabled)
       VALUES (${q(bonus)}, 'casino', 'manual', ${w.wager_multiplier}, 'bonus', ${json(w.contributions ?? { slots: 100, table: 10, live: 0 })}, ${w.activation_days}, ${w.wagering_days}, ${json(w.texts)}, ${100 + i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET type = excluded.type, trigger = excluded.trigger, wager_multiplier = excluded.wager_multiplier, wager_base = excluded.wager_base, contributions = excluded.contributions, activation_days = excluded.activation_days, wagering_days = excluded.wagering_days, texts = excluded.texts, position = excluded.position`,
    );
    for (const [currency, a] of Object.entries(w.amounts ?? {})) {
      s.push(
        `INSERT INTO bonus_template_amounts (template_id, currency, max_bet, max_cashout)
         SELECT id, ${q(currency)}, ${q(a.max_bet)}, ${q(a.max_cashout)} FROM bonus_templates WHERE sysname = ${q(bonus)}
         ON CONFLICT (template_id, currency) DO UPDATE SET max_bet = excluded.max_bet, max_cashout = excluded.max_cashout`,
      );
    }
    s.push(
      `INSERT INTO freespin_templates (sysname, trigger, deposit_from, deposit_to, game_sysname, count, expiry_days, bonus_template_id, texts, position, is_enabled)
       SELECT ${q(t.sysname)}, ${q(t.trigger)}, ${q(t.deposit_from)}, ${q(t.deposit_to)}, ${q(t.game)}, ${t.count}, ${t.expiry_days}, id, ${json(t.texts)}, ${i}, 1 FROM bonus_templates WHERE sysname = ${q(bonus)}
       ON CONFLICT (sysname) DO UPDATE SET trigger = excluded.trigger, deposit_from = excluded.deposit_from, deposit_to = excluded.deposit_to, game_sysname = excluded.game_sysname, count = excluded.count, expiry_days = excluded.expiry_days, bonus_template_id = excluded.bonus_template_id, texts = excluded.texts, position = excluded.position`,
    );
    for (const [currency, b] of Object.entries(t.bets)) {
      s.push(
        `INSERT INTO freespin_template_bets (template_id, currency, bet, min_deposit)
         SELECT id, ${q(currency)}, ${b.bet}, ${b.min_deposit ?? 0} FROM freespin_templates WHERE sysname = ${q(t.sysname)}
         ON CONFLICT (template_id, currency) DO UPDATE SET bet = excluded.bet, min_deposit = excluded.min_deposit`,
      );
    }
  }
  // Campaign offers (issue 19, decision 0043), each with the bonus template it grants (trigger
  // 'manual': granted only when the offer is taken, sysname offer-<offer>) or a free-spin template
  // of freespin-templates.json, upserted by sysname. phase is set on insert only (the cron owns it).
  for (const [i, o] of read(seedDir, "campaign-offers.json").entries()) {
    const b = o.bonus;
    if (b) {
      const bonus = `offer-${o.sysname}`;
      s.push(
        `INSERT INTO bonus_templates (sysname, type, trigger, percent, wager_multiplier, wager_base, contributions, activation_days, wagering_days, texts, position, is_enabled)
         VALUES (${q(bonus)}, ${q(b.type)}, 'manual', ${q(b.percent)}, ${b.wager_multiplier}, ${q(b.wager_base)}, ${json(b.contributions ?? { slots: 100, table: 10, live: 0 })}, ${b.activation_days}, ${b.wagering_days}, ${json(b.texts)}, ${200 + i}, 1)
         ON CONFLICT (sysname) DO UPDATE SET type = excluded.type, trigger = excluded.trigger, percent = excluded.percent, wager_multiplier = excluded.wager_multiplier, wager_base = excluded.wager_base, contributions = excluded.contributions, activation_days = excluded.activation_days, wagering_days = excluded.wagering_days, texts = excluded.texts, position = excluded.position`,
      );
      for (const [currency, a] of Object.entries(b.amounts)) {
        s.push(
          `INSERT INTO bonus_template_amounts (template_id, currency, amount, cap, min_deposit, max_deposit, max_bet, max_cashout)
           SELECT id, ${q(currency)}, ${q(a.amount)}, ${q(a.cap)}, ${a.min_deposit ?? 0}, ${q(a.max_deposit)}, ${q(a.max_bet)}, ${q(a.max_cashout)} FROM bonus_templates WHERE sysname = ${q(bonus)}
           ON CONFLICT (template_id, currency) DO UPDATE SET amount = excluded.amount, cap = excluded.cap, min_deposit = excluded.min_deposit, max_deposit = excluded.max_deposit, max_bet = excluded.max_bet, max_cashout = excluded.max_cashout`,
        );
      }
    }
    const at = (iso) => (iso ? Date.parse(iso) : null);
    const texts = Object.fromEntries(Object.entries(o.texts).map(([l, t]) => [l, { ...t, image: t.image ?? o.image ?? null }]));
    const seg = o.segment ?? {};
    s.push(
      `INSERT INTO campaign_offers (sysname, trigger_action, exclude_methods, bonus_template_id, freespin_template_id, segment_deposits, segment_countries, segment_locales, starts_at, ends_at, phase, texts, position, is_enabled)
       VALUES (${q(o.sysname)}, ${q(o.action)}, ${json(o.exclude_methods ?? [])}, ${b ? `(SELECT id FROM bonus_templates WHERE sysname = ${q(`offer-${o.sysname}`)})` : "NULL"},
         ${o.freespins ? `(SELECT id FROM freespin_templates WHERE sysname = ${q(o.freespins)})` : "NULL"}, ${q(seg.deposits ?? "any")}, ${json(seg.countries ?? [])}, ${json(seg.locales ?? [])},
         ${q(at(o.starts_at))}, ${q(at(o.ends_at))}, ${o.starts_at ? "'scheduled'" : "'running'"}, ${json(texts)}, ${i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET trigger_action = excluded.trigger_action, exclude_methods = excluded.exclude_methods, bonus_template_id = excluded.bonus_template_id, freespin_template_id = excluded.freespin_template_id, segment_deposits = excluded.segment_deposits, segment_countries = excluded.segment_countries, segment_locales = excluded.segment_locales, starts_at = excluded.starts_at, ends_at = excluded.ends_at, texts = excluded.texts, position = excluded.position`,
    );
  }
  // Promo codes (issue 19, decision 0044), upserted by code; each names the promo_code bonus or
  // free-spin template it grants. Dates are ISO strings in the JSON, Unix milliseconds in D1.
  const ms = (iso) => (iso ? Date.parse(iso) : null);
  for (const c of read(seedDir, "promo-codes.json")) {
    const template = c.bonus
      ? `(SELECT id FROM bonus_templates WHERE sysname = ${q(c.bonus)}), NULL`
      : `NULL, (SELECT id FROM freespin_templates WHERE sysname = ${q(c.freespins)})`;
    s.push(
      `INSERT INTO promo_codes (code, bonus_template_id, freespin_template_id, starts_at, ends_at, max_uses, segment, country_code, requires_deposit, is_enabled)
       VALUES (${q(c.code)}, ${template}, ${ms(c.starts_at) ?? 0}, ${q(ms(c.ends_at))}, ${q(c.max_uses)}, ${q(c.segment ?? "all")}, ${q(c.country_code)}, ${c.requires_deposit ? 1 : 0}, 1)
       ON CONFLICT (code) DO UPDATE SET bonus_template_id = excluded.bonus_template_id, freespin_template_id = excluded.freespin_template_id, starts_at = excluded.starts_at, ends_at = excluded.ends_at, max_uses = excluded.max_uses, segment = excluded.segment, country_code = excluded.country_code, requires_deposit = excluded.requires_deposit`,
    );
  }
  loyaltySeed(seedDir, s);
  wheelSeed(seedDir, s);
  tournamentSeed(seedDir, s);
  challengeSeed(seedDir, s);
  sportsbookSeed(seedDir, s);
  withdrawalHistorySeed(seedDir, s);
  // The VPN shop's plans (issue 24, decision 0053), upserted by sysname.
  for (const [i, p] of read(seedDir, "vpn-plans.json").entries()) {
    s.push(
      `INSERT INTO vpn_plans (sysname, days, devices, prices, texts, position, is_enabled) VALUES (${q(p.sysname)}, ${p.days}, ${p.devices}, ${json(p.prices)}, ${json(p.texts)}, ${i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET days = excluded.days, devices = excluded.devices, prices = excluded.prices, texts = excluded.texts, position = excluded.position`,
    );
  }
  return s.map((x) => x.replace(/\s*\n\s*/g, " "));
}

export function buildSeedSql(seedDir) {
  return `${buildSeedStatements(seedDir)
    .map((x) => `${x};`)
    .join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(buildSeedSql(process.argv[2] ?? "migrations/seed"));
}

/**
 * The demo site's past week of withdrawal approvals (decision 0112): inserted once, relative to the
 * time of the seed's first run, so the cashier's published approval times have a week behind them;
 * they age out of the 7 days as real approvals come in (a later seed run leaves them as they are).
 */
function withdrawalHistorySeed(seedDir, s) {
  const now = "(CAST(strftime('%s', 'now') AS INTEGER) * 1000)";
  for (const [i, a] of read(seedDir, "withdrawal-history.json").approvals.entries()) {
    const requested = `${now} - ${Math.round(a.days_ago * 86400000)}`;
    s.push(
      `INSERT INTO withdrawal_approvals (id, uid, method, hold, requested_at, approved_at)
       VALUES ('seed-${i}', NULL, ${q(a.method)}, ${q(a.hold)}, ${requested}, ${requested} + ${a.minutes * 60000}) ON CONFLICT (id) DO NOTHING`,
    );
  }
}

/**
 * The loyalty programme (issue 20, decision 0046): programmes with their levels and characters,
 * shop products (a product's bonus is a 'manual' bonus template loyalty-<product>, granted only by
 * a purchase) and quests, each upserted by sysname.
 */
function loyaltySeed(seedDir, s) {
  const program = (sysname) => `(SELECT id FROM loyalty_programs WHERE sysname = ${q(sysname)})`;
  for (const [i, p] of read(seedDir, "loyalty-programs.json").entries()) {
    s.push(
      `INSERT INTO loyalty_programs (sysname, image, rates, texts, position, is_active) VALUES (${q(p.sysname)}, ${q(p.image)}, ${json(p.rates)}, ${json(p.texts)}, ${i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET image = excluded.image, rates = excluded.rates, texts = excluded.texts, position = excluded.position`,
    );
    for (const l of p.levels) {
      s.push(
        `INSERT INTO loyalty_levels (program_id, sysname, min_value, max_value, image, texts) VALUES (${program(p.sysname)}, ${q(l.sysname)}, ${l.min}, ${q(l.max)}, ${q(l.image)}, ${json(l.texts)})
         ON CONFLICT (program_id, sysname) DO UPDATE SET min_value = excluded.min_value, max_value = excluded.max_value, image = excluded.image, texts = excluded.texts`,
      );
    }
    for (const [j, c] of p.characters.entries()) {
      s.push(
        `INSERT INTO loyalty_characters (program_id, sysname, image, texts, position) VALUES (${program(p.sysname)}, ${q(c.sysname)}, ${q(c.image)}, ${json(c.texts)}, ${j})
         ON CONFLICT (program_id, sysname) DO UPDATE SET image = excluded.image, texts = excluded.texts, position = excluded.position`,
      );
    }
  }
  for (const [i, p] of read(seedDir, "loyalty-products.json").entries()) {
    const b = p.bonus;
    const bonus = `loyalty-${p.sysname}`;
    if (b) {
      s.push(
        `INSERT INTO bonus_templates (sysname, type, trigger, wager_multiplier, wager_base, contributions, activation_days, wagering_days, texts, position, is_enabled)
         VALUES (${q(bonus)}, 'casino', 'manual', ${b.wager_multiplier}, 'bonus', ${json(b.contributions ?? { slots: 100, table: 10, live: 0 })}, ${b.activation_days}, ${b.wagering_days}, ${json(b.texts ?? p.texts)}, ${300 + i}, 1)
         ON CONFLICT (sysname) DO UPDATE SET type = excluded.type, trigger = excluded.trigger, wager_multiplier = excluded.wager_multiplier, contributions = excluded.contributions, activation_days = excluded.activation_days, wagering_days = excluded.wagering_days, texts = excluded.texts, position = excluded.position`,
      );
      for (const [currency, a] of Object.entries(b.amounts)) {
        s.push(
          `INSERT INTO bonus_template_amounts (template_id, currency, amount, max_bet, max_cashout)
           SELECT id, ${q(currency)}, ${a.amount}, ${q(a.max_bet)}, ${q(a.max_cashout)} FROM bonus_templates WHERE sysname = ${q(bonus)}
           ON CONFLICT (template_id, currency) DO UPDATE SET amount = excluded.amount, max_bet = excluded.max_bet, max_cashout = excluded.max_cashout`,
        );
      }
    }
    const type = b ? "bonus" : p.freespins ? "freespins" : "money";
    // stock is set on insert only: purchases own it afterwards.
    s.push(
      `INSERT INTO loyalty_products (program_id, sysname, price, stock, per_player_limit, reward_type, bonus_template_id, freespin_template_id, money, image, texts, position, is_enabled)
       VALUES (${program(p.program)}, ${q(p.sysname)}, ${p.price}, ${q(p.stock)}, ${q(p.per_player_limit)}, ${q(type)},
         ${b ? `(SELECT id FROM bonus_templates WHERE sysname = ${q(bonus)})` : "NULL"}, ${p.freespins ? `(SELECT id FROM freespin_templates WHERE sysname = ${q(p.freespins)})` : "NULL"},
         ${p.money ? json(p.money) : "NULL"}, ${q(p.image)}, ${json(p.texts)}, ${i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET price = excluded.price, per_player_limit = excluded.per_player_limit, reward_type = excluded.reward_type, bonus_template_id = excluded.bonus_template_id, freespin_template_id = excluded.freespin_template_id, money = excluded.money, image = excluded.image, texts = excluded.texts, position = excluded.position`,
    );
  }
  for (const [i, x] of read(seedDir, "loyalty-quests.json").entries()) {
    s.push(
      `INSERT INTO quests (owner, owner_id, sysname, kind, game_kind, target, period, reward, image, texts, position, is_enabled)
       VALUES ('loyalty', ${program(x.program)}, ${q(x.sysname)}, ${q(x.kind)}, ${q(x.game_kind)}, ${x.target}, ${q(x.period)}, ${x.reward_points}, ${q(x.image)}, ${json(x.texts)}, ${i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET owner = excluded.owner, owner_id = excluded.owner_id, kind = excluded.kind, game_kind = excluded.game_kind, target = excluded.target, period = excluded.period, reward = excluded.reward, image = excluded.image, texts = excluded.texts, position = excluded.position`,
    );
  }
}

/**
 * A fixed-amount casino bonus template granted only by a reward (trigger 'manual': a wheel sector,
 * a tournament place), with its amounts per currency, upserted by sysname.
 */
function manualBonusTemplate(b, position) {
  return [
    `INSERT INTO bonus_templates (sysname, type, trigger, wager_multiplier, wager_base, contributions, activation_days, wagering_days, texts, position, is_enabled)
     VALUES (${q(b.sysname)}, 'casino', 'manual', ${b.wager_multiplier}, 'bonus', ${json(b.contributions ?? { slots: 100, table: 10, live: 0 })}, ${b.activation_days}, ${b.wagering_days}, ${json(b.texts)}, ${position}, 1)
     ON CONFLICT (sysname) DO UPDATE SET type = excluded.type, trigger = excluded.trigger, wager_multiplier = excluded.wager_multiplier, contributions = excluded.contributions, activation_days = excluded.activation_days, wagering_days = excluded.wagering_days, texts = excluded.texts, position = excluded.position`,
    ...Object.entries(b.amounts).map(
      ([currency, a]) =>
        `INSERT INTO bonus_template_amounts (template_id, currency, amount, max_bet, max_cashout)
         SELECT id, ${q(currency)}, ${a.amount}, ${q(a.max_bet)}, ${q(a.max_cashout)} FROM bonus_templates WHERE sysname = ${q(b.sysname)}
         ON CONFLICT (template_id, currency) DO UPDATE SET amount = excluded.amount, max_bet = excluded.max_bet, max_cashout = excluded.max_cashout`,
    ),
  ];
}

/**
 * The wheel of fortune (issue 21, decision 0047): campaigns with their sectors (upserted by
 * campaign and position) and quests (by sysname). A sector's bonus is a 'manual' bonus template
 * named in the JSON (granted only by a spin); its free spins name a freespin-templates.json
 * template. starts_at/ends_at are ISO strings in the JSON (none: always running); a sector's
 * stock is set on insert only — spins own it afterwards.
 */
function wheelSeed(seedDir, s) {
  const campaign = (sysname) => `(SELECT id FROM wheel_campaigns WHERE sysname = ${q(sysname)})`;
  const ms = (iso) => (iso ? Date.parse(iso) : null);
  for (const [i, c] of read(seedDir, "wheel-campaigns.json").entries()) {
    s.push(
      `INSERT INTO wheel_campaigns (sysname, image, is_spin_cost, spin_price, spin_price_points, starts_at, ends_at, texts, position, is_enabled)
       VALUES (${q(c.sysname)}, ${q(c.image)}, ${c.is_spin_cost ? 1 : 0}, ${c.spin_price ? json(c.spin_price) : "NULL"}, ${q(c.spin_price_points)}, ${ms(c.starts_at) ?? 0}, ${q(ms(c.ends_at))}, ${json(c.texts)}, ${i}, 1)
       ON CONFLICT (sysname) DO UPDATE SET image = excluded.image, is_spin_cost = excluded.is_spin_cost, spin_price = excluded.spin_price, spin_price_points = excluded.spin_price_points, starts_at = excluded.starts_at, ends_at = excluded.ends_at, texts = excluded.texts, position = excluded.position`,
    );
    for (const [j, x] of c.sectors.entries()) {
      const r = x.reward;
      const b = r.bonus;
      if (b) s.push(...manualBonusTemplate(b, 400 + i * 20 + j));
      s.push(
        `INSERT INTO wheel_sectors (campaign_id, position, weight, color, reward_type, bonus_template_id, freespin_template_id, points, money, spins, stock, fallback, fallback_points, texts)
         VALUES (${campaign(c.sysname)}, ${j}, ${x.weight}, ${q(x.color)}, ${q(r.type)}, ${b ? `(SELECT id FROM bonus_templates WHERE sysname = ${q(b.sysname)})` : "NULL"},
           ${r.freespins ? `(SELECT id FROM freespin_templates WHERE sysname = ${q(r.freespins)})` : "NULL"}, ${q(r.points)}, ${r.money ? json(r.money) : "NULL"}, ${q(r.spins)},
           ${q(x.stock)}, ${q(x.fallback ?? "nothing")}, ${q(x.fallback_points)}, ${json(x.texts)})
         ON CONFLICT (campaign_id, position) DO UPDATE SET weight = excluded.weight, color = excluded.color, reward_type = excluded.reward_type, bonus_template_id = excluded.bonus_template_id, freespin_template_id = excluded.freespin_template_id, points = excluded.points, money = excluded.money, spins = excluded.spins, fallback = excluded.fallback, fallback_points = excluded.fallback_points, texts = excluded.texts`,
      );
    }
    for (const [j, x] of (c.quests ?? []).entries()) {
      s.push(
        `INSERT INTO quests (owner, owner_id, sysname, kind, game_kind, target, period, reward, image, texts, position, is_enabled)
         VALUES ('wheel', ${campaign(c.sysname)}, ${q(x.sysname)}, ${q(x.kind)}, ${q(x.game_kind)}, ${x.target}, ${q(x.period)}, ${x.reward_spins}, ${q(x.image)}, ${json(x.texts)}, ${j}, 1)
         ON CONFLICT (sysname) DO UPDATE SET owner = excluded.owner, owner_id = excluded.owner_id, kind = excluded.kind, game_kind = excluded.game_kind, target = excluded.target, period = excluded.period, reward = excluded.reward, image = excluded.image, texts = excluded.texts, position = excluded.position`,
      );
    }
  }
}

/**
 * Tournaments (issue 22, decision 0048), upserted by sysname. Times are relative to the moment the
 * seed runs (starts_in_days, lasts_days), so the demo always has an active, a future and a finished
 * one; times and status are set on insert only (the cron owns status afterwards). Games: the `count`
 * most popular games of a category outside another (`except_category`), or a provider's games of a
 * kind. A prize's bonus is a 'manual' bonus template named in the JSON (granted only as a prize);
 * its free spins name a freespin-templates.json template.
 */
function tournamentSeed(seedDir, s) {
  const tournament = (sysname) => `(SELECT id FROM tournaments WHERE sysname = ${q(sysname)})`;
  const category = (sysname) => `(SELECT id FROM game_categories WHERE sysname = ${q(sysname)})`;
  const at = (days) => `(CAST(strftime('%s', 'now') AS INTEGER) * 1000 + ${Math.round(days * 86400000)})`;
  // A repeating race (decision 0116) runs in whole windows from the start of the seed's day (UTC), so a
  // daily race resets at midnight; the clock opens each next one.
  const day = (days) => `(CAST(strftime('%s', 'now', 'start of day') AS INTEGER) * 1000 + ${Math.round(days * 86400000)})`;
  for (const [i, t] of read(seedDir, "tournaments.json").entries()) {
    const from = t.repeat_hours ? day : at;
    s.push(
      `INSERT INTO tournaments (sysname, status, starts_at, ends_at, scoring, cap, min_bet, currencies, countries, opt_in, reset_on_cashout, provider, tags, extra, image, texts, position, sportsbook, repeat_hours, series)
       VALUES (${q(t.sysname)}, ${q(t.status)}, ${from(t.starts_in_days)}, ${from(t.starts_in_days + t.lasts_days)}, ${q(t.scoring)}, ${q(t.cap)}, ${t.min_bet ? json(t.min_bet) : "NULL"},
         ${json(t.currencies ?? [])}, ${json(t.countries ?? [])}, ${t.opt_in ? 1 : 0}, ${t.reset_on_cashout ? 1 : 0}, ${q(t.provider)}, ${json(t.tags ?? [])}, ${json(t.extra ?? {})}, ${q(t.image)}, ${json(t.texts)}, ${i}, ${t.sportsbook ? 1 : 0},
         ${q(t.repeat_hours)}, ${q(t.series)})
       ON CONFLICT (sysname) DO UPDATE SET scoring = excluded.scoring, cap = excluded.cap, min_bet = excluded.min_bet, currencies = excluded.currencies, countries = excluded.countries, opt_in = excluded.opt_in, reset_on_cashout = excluded.reset_on_cashout, provider = excluded.provider, tags = excluded.tags, extra = excluded.extra, image = excluded.image, texts = excluded.texts, position = excluded.position, sportsbook = excluded.sportsbook, repeat_hours = excluded.repeat_hours, series = excluded.series`,
    );
    // A race of sports bets alone (sportsbook, decision 0111) holds no games.
    const g = t.games;
    if (g)
      s.push(
        g.category
          ? `INSERT OR IGNORE INTO tournament_games (tournament_id, game_id)
           SELECT ${tournament(t.sysname)}, cg.game_id FROM game_category_games cg
           WHERE cg.category_id = ${category(g.category)} ${g.except_category ? `AND NOT EXISTS (SELECT 1 FROM game_category_games x WHERE x.game_id = cg.game_id AND x.category_id = ${category(g.except_category)})` : ""}
           ORDER BY cg.popularity DESC, cg.game_id LIMIT ${g.count}`
          : `INSERT OR IGNORE INTO tournament_games (tournament_id, game_id)
           SELECT ${tournament(t.sysname)}, g.id FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE p.sysname = ${q(g.provider)} AND g.kind = ${q(g.kind)}`,
      );
    for (const p of t.prizes) {
      const b = p.bonus;
      if (b) s.push(...manualBonusTemplate(b, 500 + i));
      const type = b ? "bonus" : p.freespins ? "freespins" : "money";
      s.push(
        `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, type, money, bonus_template_id, freespin_template_id, texts)
         VALUES (${tournament(t.sysname)}, ${p.places[0]}, ${p.places[1]}, ${q(type)}, ${p.money ? json(p.money) : "NULL"},
           ${b ? `(SELECT id FROM bonus_templates WHERE sysname = ${q(b.sysname)})` : "NULL"}, ${p.freespins ? `(SELECT id FROM freespin_templates WHERE sysname = ${q(p.freespins)})` : "NULL"}, ${json(p.texts ?? {})})
         ON CONFLICT (tournament_id, place_from) DO UPDATE SET place_to = excluded.place_to, type = excluded.type, money = excluded.money, bonus_template_id = excluded.bonus_template_id, freespin_template_id = excluded.freespin_template_id, texts = excluded.texts`,
      );
    }
  }
}

/**
 * First-to-hit challenges (issue 43, decision 0117): each on one game by its sysname, money prizes per
 * currency; its time is relative to the seeding moment on insert only (seeding again refreshes the rest).
 */
function challengeSeed(seedDir, s) {
  const at = (days) => `(CAST(strftime('%s', 'now') AS INTEGER) * 1000 + ${Math.round(days * 86400000)})`;
  for (const [i, c] of read(seedDir, "challenges.json").entries()) {
    s.push(
      `INSERT INTO challenges (sysname, game_id, multiplier, min_bet, winners, type, money, starts_at, ends_at, texts, position)
       VALUES (${q(c.sysname)}, (SELECT id FROM games WHERE sysname = ${q(c.game)}), ${c.multiplier}, ${json(c.min_bet)}, ${c.winners}, 'money', ${json(c.money)},
         ${at(c.starts_in_days)}, ${at(c.starts_in_days + c.lasts_days)}, ${json(c.texts)}, ${i})
       ON CONFLICT (sysname) DO UPDATE SET game_id = excluded.game_id, multiplier = excluded.multiplier, min_bet = excluded.min_bet, winners = excluded.winners,
         type = excluded.type, money = excluded.money, texts = excluded.texts, position = excluded.position`,
    );
  }
}

/**
 * The sportsbook (issue 23, decision 0049): its pseudo-game back in the catalogue (decision 0018
 * removed it until /betting existed), then the demo provider's sports, leagues, events, markets and
 * selections, upserted by their fixed ids. An event's time is relative to the seeding moment, as
 * tournaments' are; its time and state (status, score, minute, step, version, odds) are set on
 * insert only: after that the feed owns them, and seeding again refreshes names and texts.
 */
function sportsbookSeed(seedDir, s) {
  const sb = read(seedDir, "sportsbook.json");
  s.push(
    `INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, is_sportsbook, popularity, released_at, tags)
     VALUES (3301, 'sportsbook', 26, 'Sportsbook', 'sport', 9500, 'medium', 10, 100000, 0, 1, 0, 1767225600000, 'sport')
     ON CONFLICT (id) DO UPDATE SET sysname = excluded.sysname, title = excluded.title, kind = excluded.kind, is_sportsbook = 1, has_demo = 0`,
    `INSERT OR IGNORE INTO game_category_games (category_id, game_id, popularity, released_at) SELECT id, 3301, 0, 1767225600000 FROM game_categories WHERE sysname = 'sport'`,
  );
  for (const [locale, description] of Object.entries(sb.game.descriptions)) {
    s.push(`INSERT OR REPLACE INTO game_texts (game_id, locale, title, description) VALUES (3301, ${q(locale)}, 'Sportsbook', ${q(description)})`);
  }
  for (const [i, sp] of sb.sports.entries()) {
    s.push(
      `INSERT INTO sports (id, sysname, position, texts) VALUES (${sp.id}, ${q(sp.sysname)}, ${i}, ${json(sp.texts)})
       ON CONFLICT (id) DO UPDATE SET sysname = excluded.sysname, position = excluded.position, texts = excluded.texts`,
    );
  }
  const sportId = new Map(sb.sports.map((x) => [x.sysname, x.id]));
  const leagueId = new Map(sb.leagues.map((x) => [x.sysname, x.id]));
  for (const [i, l] of sb.leagues.entries()) {
    s.push(
      `INSERT INTO sport_leagues (id, sport_id, sysname, country, position, has_draw, teams, texts)
       VALUES (${l.id}, ${sportId.get(l.sport)}, ${q(l.sysname)}, ${q(l.country)}, ${i}, ${l.has_draw}, ${json(l.teams)}, ${json(l.texts)})
       ON CONFLICT (id) DO UPDATE SET sport_id = excluded.sport_id, sysname = excluded.sysname, country = excluded.country, position = excluded.position, has_draw = excluded.has_draw, teams = excluded.teams, texts = excluded.texts`,
    );
  }
  const at = (minutes) => `(CAST(strftime('%s', 'now') AS INTEGER) * 1000 + ${minutes * 60000})`;
  for (const e of sb.events) {
    s.push(
      `INSERT INTO sport_events (id, league_id, home, away, starts_at, status, score_home, score_away, minute, script, autoplay, created_at)
       VALUES (${e.id}, ${leagueId.get(e.league)}, ${q(e.home)}, ${q(e.away)}, ${at(e.starts_in_minutes)}, ${q(e.status)}, ${q(e.score?.home)}, ${q(e.score?.away)}, ${q(e.minute)}, ${e.script}, 1, ${at(0)})
       ON CONFLICT (id) DO UPDATE SET league_id = excluded.league_id, home = excluded.home, away = excluded.away, script = excluded.script`,
    );
    for (const [mi, m] of e.markets.entries()) {
      const marketId = e.id * 10 + mi;
      s.push(
        `INSERT INTO sport_markets (id, event_id, kind, line, is_main, position) VALUES (${marketId}, ${e.id}, ${q(m.kind)}, ${q(m.line)}, ${m.is_main}, ${mi})
         ON CONFLICT (id) DO UPDATE SET event_id = excluded.event_id, kind = excluded.kind, line = excluded.line, is_main = excluded.is_main, position = excluded.position`,
      );
      for (const [si, x] of m.selections.entries()) {
        s.push(
          `INSERT INTO sport_selections (id, market_id, outcome, odds, position) VALUES (${marketId * 10 + si}, ${marketId}, ${q(x.outcome)}, ${x.odds}, ${si})
           ON CONFLICT (id) DO UPDATE SET market_id = excluded.market_id, outcome = excluded.outcome, position = excluded.position`,
        );
      }
    }
  }
}
