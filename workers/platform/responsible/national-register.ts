import { PlatformError } from "../../../core/api/errors";
import type { JurisdictionProfile } from "../../../core/jurisdictions";
import { exclusionRegisters, type RegisterPerson } from "../providers/exclusion-registers";

/**
 * The national self-exclusion register's word at registration and sign-in (issue 40, decision
 * 0092): under a profile that names one (GAMSTOP, CRUKS, Spelpaus, OASIS), a person it lists is
 * refused — AccessDenied with `params.national_register` (and `self_excluded`, which every client
 * already reads as "not now"). Where no provider for the register is connected (a site that has not
 * plugged one in, the demo switched off) nothing is asked: the operator's configuration, logged.
 */
export async function assertNotOnNationalRegister(env: Env, profile: JurisdictionProfile, person: RegisterPerson): Promise<void> {
  const register = profile.exclusion.nationalRegister;
  if (!register) return;
  const provider = exclusionRegisters.named(env, register.id);
  if (!provider) {
    console.warn(`national register ${register.name}: no provider connected, not asked`);
    return;
  }
  if (!(await provider.isExcluded(env, person))) return;
  throw new PlatformError(
    "AccessDenied",
    `You are registered with ${register.name}, the national self-exclusion scheme: you cannot open an account or play while it lasts.`,
    { params: { self_excluded: true, national_register: register.name } },
  );
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
