import { IDENTITY_FIELDS, type Profile } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import type { Handler } from "../core/context";
import { loadLocales } from "../i18n/locales";
import { refreshMirror } from "../player/remote-d1";
import { checkCountryValues } from "./country-values";
import { birthDateProblem, countryName, isoDate, knownCountry } from "./profile-rules";
import { accountPerson, assertPersonNotListed, changedPerson } from "../responsible/national-register";
import { contactView, loadContacts, loadPendingContacts, loadUser } from "./users";

type Fields = Record<string, string[]>;
const invalid = (fields: Fields) => new PlatformError("InvalidParameter", `Invalid parameters: ${Object.keys(fields).join(", ")}`, { fields });

const TEXT_COLUMNS = [
  "first_name",
  "middle_name",
  "last_name",
  "country_code",
  "region",
  "home_town",
  "address",
  "postcode",
  "document_type",
  "document_number",
  "cpf",
] as const;

export const getProfileInfo: Handler<"account.getprofileinfo"> = async ({ fields }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  const wanted = fields === undefined ? null : new Set(fields.split(",").map((f) => f.trim()));
  const profile: Profile = {
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    sex: user.sex,
    birth_date: user.birth_date,
    country: countryName(user.country_code, ctx.locale),
    country_code: user.country_code,
    region: user.region,
    home_town: user.home_town,
    address: user.address,
    postcode: user.postcode,
  };
  if (!wanted || wanted.has("document")) {
    profile.document = { type: user.document_type, number: user.document_number, cpf: user.cpf };
  }
  if (!wanted || wanted.has("contacts")) {
    const [contacts, pending] = await Promise.all([loadContacts(ctx.db, ctx.uid), loadPendingContacts(ctx.db, ctx.uid)]);
    profile.contacts = contacts.map(contactView);
    // A new value for a confirmed contact waits for its own code (account.addcontact).
    if (pending.length) profile.pending_contacts = pending.map(contactView);
  }
  return profile;
};

export const saveProfileInfo: Handler<"account.saveProfileInfo"> = async (values, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  const errors: Fields = {};
  const sets: string[] = [];
  const binds: unknown[] = [];
  const underReview: string[] = [];
  const set = (column: string, value: unknown) => {
    const changed = value !== user[column as keyof typeof user];
    if (user.is_verified === 1 && IDENTITY_FIELDS.includes(column) && changed) {
      (errors[column] ??= []).push("This field cannot be changed after verification");
      return;
    }
    // While documents are being checked, what they are checked against stays as it was.
    if (user.is_on_verification === 1 && IDENTITY_FIELDS.includes(column) && changed) underReview.push(column);
    binds.push(value);
    sets.push(`${column} = ?${binds.length + 1}`);
  };
  for (const column of TEXT_COLUMNS) {
    const value = values[column];
    if (value !== undefined) set(column, column === "cpf" ? value.replace(/\D/g, "") : value);
  }
  if (values.country_code && !knownCountry(values.country_code)) (errors.country_code ??= []).push("Unknown country");
  // Checked against the country the profile will have: the one sent, else the one stored.
  await checkCountryValues(
    {
      country_code: values.country_code ?? user.country_code,
      region: values.region,
      postcode: values.postcode,
      document_type: values.document_type ?? (values.document_number ? user.document_type : undefined),
      document_number: values.document_number,
    },
    ctx,
    errors,
  );
  if (values.sex !== undefined) set("sex", Number(values.sex));
  if (values.birth_date !== undefined) {
    const problem = values.birth_date ? birthDateProblem(values.birth_date) : null;
    if (problem) (errors.birth_date ??= []).push(problem);
    else set("birth_date", values.birth_date ? isoDate(values.birth_date) : null);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (underReview.length) {
    throw new PlatformError("RequisitesOnVerification", "Your identity is being verified: these fields can be changed once the check ends", {
      fields: Object.fromEntries(underReview.map((f) => [f, ["This field cannot be changed while your identity is being verified"]])),
    });
  }
  // A new name, birth date or country is who the account says it is: the national register is
  // asked before it is written (decision 0092); a listed person's session ends with the refusal.
  const who = {
    first_name: values.first_name,
    last_name: values.last_name,
    birth_date: values.birth_date && isoDate(values.birth_date),
    country_code: values.country_code,
  };
  if (Object.entries(who).some(([k, v]) => v && v !== user[k as keyof typeof who])) {
    try {
      await assertPersonNotListed(ctx, changedPerson(user, who, (await accountPerson(ctx.db, user)).email));
    } catch (e) {
      await ctx.endSession();
      throw e;
    }
  }
  if (sets.length) {
    await ctx.db
      .prepare(`UPDATE users SET ${sets.join(", ")} WHERE uid = ?1`)
      .bind(ctx.uid, ...binds)
      .run();
  }
  return 1 as const;
};

export const changeLocale: Handler<"account.changelocale"> = async ({ locale }, ctx) => {
  const { locales } = await loadLocales(ctx.db);
  if (!locales.some((l) => l.code === locale)) throw invalid({ locale: ["This language is not available"] });
  await ctx.db.prepare("UPDATE users SET locale = ?2 WHERE uid = ?1").bind(ctx.uid, locale).run();
  // The player's object keeps a copy of the locale (offers' segments read it: decision 0075).
  await refreshMirror(ctx.env, ctx.uid);
  return 1 as const;
};

export const changeFakename: Handler<"account.changefakename"> = async ({ fakename }, ctx) => {
  const clash = await ctx.db.prepare("SELECT 1 FROM users WHERE fakename = ?1 COLLATE NOCASE AND uid <> ?2").bind(fakename, ctx.uid).first();
  if (clash) throw invalid({ fakename: ["This name is taken"] });
  try {
    await ctx.db.prepare("UPDATE users SET fakename = ?2 WHERE uid = ?1").bind(ctx.uid, fakename).run();
  } catch (e) {
    if (e instanceof Error && /UNIQUE/i.test(e.message)) throw invalid({ fakename: ["This name is taken"] });
    throw e;
  }
  return 1 as const;
};
