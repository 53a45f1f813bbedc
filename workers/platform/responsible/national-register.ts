import { PlatformError } from "../../../core/api/errors";
import { type JurisdictionId, type JurisdictionProfile, jurisdictionOf } from "../../../core/jurisdictions";
import { siteJurisdiction } from "./jurisdiction";
import { exclusionRegisters, type RegisterPerson } from "../providers/exclusion-registers";

/**
 * The national self-exclusion register's word at registration and sign-in (issue 40, decision
 * 0092): under a profile that names one (GAMSTOP, CRUKS, Spelpaus, OASIS), a person it lists is
 * refused — AccessDenied with `params.national_register` (and `self_excluded`, which every client
 * already reads as "not now"). Where no provider for the register is connected (a site that has not
 * plugged one in, the demo switched off) nothing is asked: the operator's configuration, logged.
 */
export async function assertNotOnNationalRegister(env: Env, profile: JurisdictionProfile, person: RegisterPerson): Promise<void> {
  const register = await listedOn(env, profile, person);
  if (!register) return;
  throw new PlatformError(
    "AccessDenied",
    `You are registered with ${register}, the national self-exclusion scheme: you cannot open an account or play while it lasts.`,
    { params: { self_excluded: true, national_register: register } },
  );
}

/** The name of the profile's register when it lists the person (null: not listed, none, or not connected). */
export async function listedOn(env: Env, profile: JurisdictionProfile, person: RegisterPerson): Promise<string | null> {
  const register = profile.exclusion.nationalRegister;
  if (!register) return null;
  const provider = exclusionRegisters.named(env, register.id);
  if (!provider) {
    console.warn(`national register ${register.name}: no provider connected, not asked`);
    return null;
  }
  return (await provider.isExcluded(env, person)) ? register.name : null;
}

/** The person a `users` row and its email describe, as a register matches them. */
export async function accountPerson(
  db: D1Database,
  user: { uid: number; first_name: string | null; last_name: string | null; birth_date: string | null; country_code: string | null },
): Promise<RegisterPerson> {
  const email = await db.prepare("SELECT contact FROM contacts WHERE uid = ?1 AND type = 'email'").bind(user.uid).first<string>("contact");
  return {
    firstName: user.first_name ?? "",
    lastName: user.last_name ?? "",
    birthDate: user.birth_date,
    email: email ?? null,
    country: user.country_code ?? "",
  };
}

export type RegisterAccount = Parameters<typeof accountPerson>[1];

/**
 * The register's word on an existing account, whichever way it signs in (password, a social
 * provider, a messenger) or changes who it says it is: its country's profile, else the site's.
 */
export async function assertAccountNotOnRegister(env: Env, db: D1Database, site: JurisdictionId, user: RegisterAccount): Promise<void> {
  const profile = jurisdictionOf(user.country_code ?? "", site);
  if (profile.exclusion.nationalRegister) await assertNotOnNationalRegister(env, profile, await accountPerson(db, user));
}

/** `assertAccountNotOnRegister` as an answer: the register's name when it lists the account. */
export async function accountListedOn(env: Env, db: D1Database, site: JurisdictionId, user: RegisterAccount): Promise<string | null> {
  const profile = jurisdictionOf(user.country_code ?? "", site);
  return profile.exclusion.nationalRegister ? listedOn(env, profile, await accountPerson(db, user)) : null;
}

/**
 * Who an account will say it is once a change is written (a blank or missing value keeps the
 * stored one), for the register's word before the write: a social account completing its
 * registration, a player correcting their name, birth date or country.
 */
export function changedPerson(
  stored: Partial<RegisterAccount>,
  change: { first_name?: string | null; last_name?: string | null; birth_date?: string | null; country_code?: string | null },
  email: string | null,
): RegisterPerson {
  return {
    firstName: change.first_name || stored.first_name || "",
    lastName: change.last_name || stored.last_name || "",
    birthDate: change.birth_date || stored.birth_date || null,
    email,
    country: change.country_code || stored.country_code || "",
  };
}

/** `assertNotOnNationalRegister` for a person whose market is their country's, else the site's. */
export async function assertPersonNotListed(ctx: { env: Env; db: D1Database; generalInfo?: string | null }, person: RegisterPerson): Promise<void> {
  const profile = jurisdictionOf(person.country, await siteJurisdiction(ctx));
  if (profile.exclusion.nationalRegister) await assertNotOnNationalRegister(ctx.env, profile, person);
}
