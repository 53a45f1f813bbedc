import { z } from "zod";
import { method } from "./define";
import { ContactPhoneSettings, PersonalData } from "./entities-contacts";

/**
 * Contact, personal-data and password-reset methods of the /api contract (SPEC §7 account/auth).
 * Spread into `contract` in contract.ts.
 */

/** A text parameter; a missing one reads "<What> is required". */
const text = (what: string) => z.string({ error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be text`) });

const countryCode = (what: string) =>
  text(what)
    .trim()
    .regex(/^[A-Za-z]{2}$/, `${what} must be a two-letter country code`)
    .transform((v) => v.toUpperCase());

/** An email, or a phone number with or without its "+<phone code>" and mask characters. */
const contact = text("Contact").trim().min(1, "Contact is required").max(254, "Max length is 254");

export const contactMethods = {
  "account.getPersonalDataFields": method({
    group: "account",
    name: "getPersonalDataFields",
    verb: "GET",
    access: "public",
    summary:
      "The registration form of a country (the site's default country when left out): fields in display order " +
      "with labels as message keys, countries, regions, document types and currencies with the rule the form " +
      "applies when the country changes. An unknown country answers 400 on country_code.",
    params: z.object({ country_code: countryCode("country_code").optional() }),
    result: PersonalData,
  }),
  "account.getContactPhoneSettings": method({
    group: "account",
    name: "getContactPhoneSettings",
    verb: "GET",
    access: "public",
    summary: "The phone countries (phone code without '+', national-number mask: # digit, @ letter, * either) and the default one.",
    params: z.object({}),
    result: ContactPhoneSettings,
  }),
  "account.addcontact": method({
    group: "account",
    name: "addcontact",
    verb: "POST",
    access: "player",
    summary:
      "Add an email or phone (phones: the national number for phone_country_code). A player has one of each: " +
      "an unconfirmed one is replaced at once; a confirmed one stays until the new one is confirmed with " +
      "sendconfirmationtocontact and confirmContact, then the new one takes its place (a newer request replaces a waiting one; " +
      "adding the current contact again cancels it). A contact another account holds answers 400 'Already registered'. Returns 1.",
    params: z.object({
      type: z.enum(["email", "phone"], { error: "type must be 'email' or 'phone'" }),
      contact,
      phone_country_code: countryCode("phone_country_code").optional(),
    }),
    result: z.literal(1),
  }),
  "account.sendconfirmationtocontact": method({
    group: "account",
    name: "sendconfirmationtocontact",
    verb: "POST",
    access: "player",
    refuses: [[429, "TooManyRequests", "a new code within 60 seconds of the last (params.resend_time)"]],
    summary:
      "Send a 6-digit code (valid 15 minutes, replacing an older one) to one of the player's unconfirmed contacts, " +
      "or to a contact waiting to replace a confirmed one. Again within 60 s: 429 with params.resend_time (seconds).",
    params: z.object({ contact }),
    result: z.strictObject({ resend_time: z.number().int() }),
  }),
  "account.confirmContact": method({
    group: "account",
    name: "confirmContact",
    verb: "POST",
    access: "player",
    summary:
      "Confirm a contact with its code. Wrong code: 400 on code ('Wrong code'); 5 wrong tries void the code; " + "an old code: 'Time expired'. Returns 1.",
    params: z.object({
      contact,
      code: text("Code")
        .transform((v) => v.replace(/\s+/g, ""))
        .pipe(z.string().regex(/^\d{6}$/, "the code must contain 6 digits")),
    }),
    result: z.literal(1),
  }),
  "account.changeSubscription": method({
    group: "account",
    name: "changeSubscription",
    verb: "POST",
    access: "player",
    summary: "Subscribe ('1') or unsubscribe ('0') one of the player's contacts from mailings. Returns 1.",
    params: z.object({
      contact,
      subscription: z.enum(["1", "0"], { error: "subscription must be '1' or '0'" }),
    }),
    result: z.literal(1),
  }),
};
