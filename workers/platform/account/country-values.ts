import type { PlatformContext } from "../core/context";
import { findCountry, loadPersonalData } from "./personal-data";
import { documentNumberValid } from "./profile-rules";

export type Fields = Record<string, string[]>;

/** The values the player's country decides (account.getPersonalDataFields). */
export interface CountryValues {
  country_code?: string;
  region?: string;
  postcode?: string;
  document_type?: string;
  document_number?: string;
}

/**
 * What registration and the profile both check against the player's country, as
 * account.getPersonalDataFields offers it: the region is one of the country's regions, the document
 * type one of its document types, the postcode and document number match the country's patterns.
 * A country the site does not list (or no personal-data settings) falls back to SPEC §5's defaults:
 * up to 8 digits for a postcode; a masked card, a Luhn-valid number or 'new' for a document.
 * Empty values are not checked: they clear the field.
 */
export async function checkCountryValues(v: CountryValues, ctx: PlatformContext, fields: Fields): Promise<void> {
  if (!v.region && !v.postcode && !v.document_type && !v.document_number) return;
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  const settings = await loadPersonalData(ctx).catch(() => null);
  const country = settings ? findCountry(settings, v.country_code || settings.default_country) : undefined;
  if (v.region && country?.regions.length && !country.regions.some((r) => r.id === v.region)) add("region", "Unknown region");
  const docType = country?.document_types.find((d) => d.id === v.document_type);
  if (v.document_type && country?.document_types.length && !docType) add("document_type", "Wrong document type");
  const base = settings?.fields.find((f) => f.sysname === "postcode");
  const postcodeRegex = country?.fields.postcode?.options?.regex ?? base?.options.regex;
  if (v.postcode && !(postcodeRegex ? new RegExp(postcodeRegex, "u") : /^\d{1,8}$/).test(v.postcode)) add("postcode", "Wrong postcode");
  if (v.document_number) {
    const ok = docType?.regex ? new RegExp(docType.regex, "u").test(v.document_number) : documentNumberValid(v.document_number);
    if (!ok) add("document_number", "Wrong document number");
  }
}
