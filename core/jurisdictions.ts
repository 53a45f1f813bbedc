/**
 * Jurisdiction profiles (issue 40, DESIGN §8, decision 0082): the rules a market's regulator
 * imposes, as data. The platform reads a player's profile and enforces it; the app reads the same
 * profile to explain a rule where it bites. A player's profile is their country's when the country
 * has one (`PROFILE_OF_COUNTRY`), else the site's (`general_info.jurisdiction`, "international"
 * when unset).
 *
 * Only rules the platform enforces are fields here; the decision record keeps the table of each
 * rule's source, field and place of enforcement.
 */

export const JURISDICTIONS = ["international", "uk", "on", "de", "nl", "se"] as const;
export type JurisdictionId = (typeof JURISDICTIONS)[number];

const HOUR = 3_600_000;

export interface JurisdictionProfile {
  id: JurisdictionId;
  /** The regulator's name, as the player reads it ("UK Gambling Commission"). */
  regulator: string;
  withdrawals: {
    /** Whether a player may cancel a withdrawal they requested (UK RTS 14B: no reversing). */
    cancellable: boolean;
  };
  depositLimits: {
    /** How long a raise or a removal of a deposit limit waits before it applies. */
    raiseWaitMs: number;
    /** Whether a raise also waits for the end of the limit's current period. */
    raiseAfterPeriod: boolean;
    /** Whether a player must set a deposit limit before their first deposit (Spellagen 14 kap. 8 §). */
    requiredBeforeDeposit: boolean;
    /**
     * Whether a player is asked, before their first deposit, to set a deposit limit or say they do
     * not want one — the answer recorded (UKGC LCCP SR 3.3.3 as amended, financial limits from 31
     * October 2025). A limit is offered, not imposed: declining is an answer.
     */
    promptBeforeDeposit: boolean;
    /**
     * A market's own ceiling on what a player deposits in a calendar month, whatever limits the
     * player set (GlüStV 2021 §6c: €1,000; the KSA's affordability threshold: €700, €300 under 24),
     * with notices at half and at the whole. null: none.
     */
    monthlyCap: MarketCap | null;
  };
  realityCheck: {
    /** The longest interval between reality checks (minutes); the check cannot be turned off. null: the player chooses, off included. */
    maxMinutes: number | null;
  };
  exclusion: {
    /** A one-tap 24-hour break, no password and no confirmation, on every page (GlüStV 2021 §6b "Panikknopf"). */
    panicButton: boolean;
    /**
     * The country's national self-exclusion register, asked at registration and every sign-in
     * (UKGC LCCP SR 3.5.4: GAMSTOP; Wet Koa: CRUKS; Spellagen 14 kap. 11 §: Spelpaus; GlüStV 2021 §8: OASIS). null: none.
     */
    nationalRegister: { id: string; name: string } | null;
  };
  play: {
    /** The most one round of a slot may stake, in the cap's currency's minor units (GlüStV 2021 §22a(7): €1; UKGC from 2025: £5, £2 for players 18–24). null: the game's own. */
    maxStake: MarketCap | null;
    /** The shortest a slot's game cycle may be (ms; UKGC RTS 14: 2.5 s; GlüStV 2021 §22a(6): 5 s). null: none. */
    minCycleMs: number | null;
    /** Whether real rounds feed and may win progressive jackpots (GlüStV 2021 §22a(8): no jackpots in virtual slot machines). */
    jackpots: boolean;
    /** Whether the game says its return to player and the chance of its top prize where the stake is chosen (GlüStV 2021 §7(1): the odds of winning and losing). */
    showOdds: boolean;
  };
  bonuses: {
    /** The most a bonus may ask to be wagered, as a multiple of the bonus alone (UK: 10× from 19 January 2026). null: the template's terms. */
    maxWagerMultiplier: number | null;
    /** The youngest a player may be to receive a bonus (Netherlands: 24). null: any player of age. */
    minAge: number | null;
    /** Bonuses only on the first occasion: at registration or with the first deposit, never after it (Spellagen 14 kap. 9 §). */
    firstOccasionOnly: boolean;
    /** The fewest days an activated bonus gives to meet its terms (Sweden: 60). null: the template's. */
    minWageringDays: number | null;
    /** Whether promotions are shown to visitors who are not signed in (Ontario: no public advertising of bonuses). */
    shownToVisitors: boolean;
    /**
     * One product per incentive (UKGC LCCP SR 5.1.1 as amended, from 19 January 2026): no promotion
     * asks for play on one product (sports betting) to reward another (casino), nor rewards both.
     */
    oneProductPerIncentive: boolean;
  };
}

/** A market's cap on an amount (a month's deposits, a round's stake) in `currency`'s minor units, lower for players under `young.under` where it says so. */
export interface MarketCap {
  amount: number;
  currency: string;
  young: { under: number; amount: number } | null;
}

const profile = (p: JurisdictionProfile) => p;

export const PROFILES: Readonly<Record<JurisdictionId, JurisdictionProfile>> = {
  // No market's rules beyond the product's own: the 24-hour cooling-off the product always had.
  international: profile({
    id: "international",
    regulator: "",
    withdrawals: { cancellable: true },
    depositLimits: { raiseWaitMs: 24 * HOUR, raiseAfterPeriod: false, requiredBeforeDeposit: false, promptBeforeDeposit: false, monthlyCap: null },
    realityCheck: { maxMinutes: null },
    exclusion: { panicButton: false, nationalRegister: null },
    play: { maxStake: null, minCycleMs: null, jackpots: true, showOdds: false },
    bonuses: { maxWagerMultiplier: null, minAge: null, firstOccasionOnly: false, minWageringDays: null, shownToVisitors: true, oneProductPerIncentive: false },
  }),
  // UKGC: LCCP SR 3.3.2 (a raise after 24 hours' cooling-off), RTS 14B (no reversed withdrawals),
  // LCCP SR 5.1.1 as amended from 19 January 2026 (a bonus's wagering at most 10× the bonus); the
  // online slots stake limits from April/May 2025 (£5 a spin, £2 for 18–24); RTS 14 (2.5 s a cycle).
  uk: profile({
    id: "uk",
    regulator: "UK Gambling Commission",
    withdrawals: { cancellable: false },
    depositLimits: { raiseWaitMs: 24 * HOUR, raiseAfterPeriod: false, requiredBeforeDeposit: false, promptBeforeDeposit: true, monthlyCap: null },
    realityCheck: { maxMinutes: null },
    exclusion: { panicButton: false, nationalRegister: { id: "gamstop", name: "GAMSTOP" } },
    play: { maxStake: { amount: 500, currency: "GBP", young: { under: 25, amount: 200 } }, minCycleMs: 2_500, jackpots: true, showOdds: false },
    bonuses: { maxWagerMultiplier: 10, minAge: null, firstOccasionOnly: false, minWageringDays: null, shownToVisitors: true, oneProductPerIncentive: true },
  }),
  // AGCO Registrar's Standards 2.05 and 3.x: a raise after 24 hours' cooling-off; Standard 2.03: no
  // bonus or inducement advertised to the public (only to players on the operator's own site).
  on: profile({
    id: "on",
    regulator: "Alcohol and Gaming Commission of Ontario",
    withdrawals: { cancellable: true },
    depositLimits: { raiseWaitMs: 24 * HOUR, raiseAfterPeriod: false, requiredBeforeDeposit: false, promptBeforeDeposit: false, monthlyCap: null },
    realityCheck: { maxMinutes: null },
    exclusion: { panicButton: false, nationalRegister: null },
    play: { maxStake: null, minCycleMs: null, jackpots: true, showOdds: false },
    bonuses: { maxWagerMultiplier: null, minAge: null, firstOccasionOnly: false, minWageringDays: null, shownToVisitors: false, oneProductPerIncentive: false },
  }),
  // GlüStV 2021 §6c: a raise applies after seven days at the earliest, and €1,000 a month across
  // operators at most (LUGAS; here: on this site); §6b: the panic button; §22a: €1 a spin, 5 s a game.
  de: profile({
    id: "de",
    regulator: "Gemeinsame Glücksspielbehörde der Länder",
    withdrawals: { cancellable: true },
    depositLimits: {
      raiseWaitMs: 7 * 24 * HOUR,
      raiseAfterPeriod: false,
      requiredBeforeDeposit: false,
      promptBeforeDeposit: false,
      monthlyCap: { amount: 100_000, currency: "EUR", young: null },
    },
    realityCheck: { maxMinutes: null },
    exclusion: { panicButton: true, nationalRegister: { id: "oasis", name: "OASIS" } },
    play: { maxStake: { amount: 100, currency: "EUR", young: null }, minCycleMs: 5_000, jackpots: false, showOdds: true },
    bonuses: { maxWagerMultiplier: null, minAge: null, firstOccasionOnly: false, minWageringDays: null, shownToVisitors: true, oneProductPerIncentive: false },
  }),
  // KSA (Wet Koa, Rtg 4.x): a raise after 72 hours, never within the running period; a reality check
  // at least every 30 minutes of play; Besluit werving, reclame en verslavingspreventie: no bonus to a
  // player under 24; the KSA's guidance on affordability checks: €700 a month (€300 under 24) without
  // a check of what the player can afford (here: a ceiling).
  nl: profile({
    id: "nl",
    regulator: "Kansspelautoriteit",
    withdrawals: { cancellable: true },
    depositLimits: {
      raiseWaitMs: 72 * HOUR,
      raiseAfterPeriod: true,
      requiredBeforeDeposit: false,
      promptBeforeDeposit: false,
      monthlyCap: { amount: 70_000, currency: "EUR", young: { under: 24, amount: 30_000 } },
    },
    realityCheck: { maxMinutes: 30 },
    exclusion: { panicButton: false, nationalRegister: { id: "cruks", name: "CRUKS" } },
    play: { maxStake: null, minCycleMs: null, jackpots: true, showOdds: false },
    bonuses: { maxWagerMultiplier: null, minAge: 24, firstOccasionOnly: false, minWageringDays: null, shownToVisitors: true, oneProductPerIncentive: false },
  }),
  // Spelinspektionen (SIFS 2018:8, 14 kap. 6 §): a raise after 72 hours and not before the period ends;
  // Spellagen 14 kap. 8 §: a deposit limit set before the first deposit; 14 kap. 9 §: a bonus only on
  // the first occasion; Spelinspektionen's bonus terms: at least 60 days to meet them.
  se: profile({
    id: "se",
    regulator: "Spelinspektionen",
    withdrawals: { cancellable: true },
    depositLimits: { raiseWaitMs: 72 * HOUR, raiseAfterPeriod: true, requiredBeforeDeposit: true, promptBeforeDeposit: false, monthlyCap: null },
    realityCheck: { maxMinutes: null },
    exclusion: { panicButton: false, nationalRegister: { id: "spelpaus", name: "Spelpaus" } },
    play: { maxStake: null, minCycleMs: null, jackpots: true, showOdds: false },
    bonuses: { maxWagerMultiplier: null, minAge: null, firstOccasionOnly: true, minWageringDays: 60, shownToVisitors: true, oneProductPerIncentive: false },
  }),
};

/** The markets a country's players are regulated in (ISO 3166-1 alpha-2; Canada's regulated market is Ontario's). */
export const PROFILE_OF_COUNTRY: Readonly<Record<string, JurisdictionId>> = {
  GB: "uk",
  CA: "on",
  DE: "de",
  NL: "nl",
  SE: "se",
};

/** Whether `id` names a profile (a site's configured one, say). */
export const isJurisdiction = (id: unknown): id is JurisdictionId => typeof id === "string" && (JURISDICTIONS as readonly string[]).includes(id);

/** The profile of a player from `country` on a site whose own profile is `site`. */
export function jurisdictionOf(country: string, site: JurisdictionId = "international"): JurisdictionProfile {
  return PROFILES[PROFILE_OF_COUNTRY[country.toUpperCase()] ?? site];
}

/** The country of a visitor's request (Cloudflare's `cf.country`; "" when unknown): the platform reads their market from it, the app keys what it keeps for them by it. */
export function requestCountry(request: Request): string {
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  return typeof cf?.country === "string" ? cf.country : "";
}
