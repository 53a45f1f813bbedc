import { ProviderRegistry } from "./registry";

/**
 * National self-exclusion registers (issue 40, decision 0092): GAMSTOP (UK), CRUKS (Netherlands),
 * Spelpaus (Sweden), OASIS (Germany). A person who registered with their country's scheme may not
 * open an account or play with any licensed operator while it lasts; the operator asks the register
 * at registration and at every sign-in. Each register is a provider registered under its id (the
 * profile's `exclusion.nationalRegister.id`); the demo stand-ins answer from their own store.
 */
export interface RegisterPerson {
  firstName: string;
  lastName: string;
  /** ISO date (YYYY-MM-DD), or null where the account has none yet. */
  birthDate: string | null;
  email: string | null;
  country: string;
}

export interface ExclusionRegister {
  /** Whether the person is excluded now. Throws when the register cannot answer. */
  isExcluded(env: Env, person: RegisterPerson): Promise<boolean>;
}

export const exclusionRegisters = new ProviderRegistry<ExclusionRegister>();
