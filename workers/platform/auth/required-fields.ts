import type { CmsConfig } from "../../../core/api/cms";
import type { GeneralInfo } from "../../../core/api/entities";
import { requiredByEveryFormType } from "../../../core/validation/registration-form";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { findCountry, loadPersonalData, personalDataFor } from "../account/personal-data";

type AuthConfig = CmsConfig["auth"];

/** The form's field whose value auth.register takes under another name (SPEC §3: mobile goes as phone). */
const PARAM_OF: Record<string, string> = { mobile: "phone" };

/**
 * The registration values the site's form requires and the request leaves blank (SPEC §4), as
 * auth.register names them. The rule is the form's own (registration-form.ts), for the country
 * given or else the site's default one; a country the site does not list gets the base form.
 * Broken personal-data settings fall back to the form's own fallback (email and password).
 * Fields auth.register does not take (an operator's custom sysname) cannot be enforced here.
 */
export async function missingRequiredValues(
  v: Record<string, unknown>,
  known: ReadonlySet<string>,
  config: Pick<AuthConfig, "authTypes">,
  ctx: PlatformContext,
): Promise<string[]> {
  const [settings, site] = await Promise.all([
    loadPersonalData(ctx).catch(() => null),
    readGeneralInfo<Pick<GeneralInfo, "available_currencies" | "default_currency">>(ctx),
  ]);
  let data = null;
  if (settings) {
    const fallback = findCountry(settings, settings.default_country)!;
    const given = typeof v.country_code === "string" && v.country_code ? v.country_code : settings.default_country;
    const country = findCountry(settings, given) ?? { ...fallback, code: given, fields: {} };
    data = personalDataFor(settings, country, ctx.locale, site);
  }
  return requiredByEveryFormType(data, config)
    .map((sysname) => PARAM_OF[sysname] ?? sysname)
    .filter((name) => known.has(name) && (v[name] === undefined || v[name] === ""));
}
