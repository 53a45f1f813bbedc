/**
 * The settings page's forms, by `intent`; read by the action only. The personal-data form's fields
 * depend on the country (checked by core/validation, as registration's), so its variant names only
 * what the form itself sends besides them.
 */
import { z } from "zod";

/** A typed value, trimmed as the platform takes it ("" when left empty). */
const typed = z.string().trim().max(512).optional();
const contact = { type: z.string().optional(), contact: typed, phone_country_code: typed };

export const settingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("profile"), refresh: z.string().optional() }),
  z.object({ intent: z.literal("fakename"), fakename: typed }),
  z.object({ intent: z.literal("locale"), locale: typed }),
  z.object({ intent: z.literal("addContact"), ...contact }),
  z.object({ intent: z.literal("sendCode"), ...contact }),
  z.object({ intent: z.literal("confirmCode"), ...contact, code: typed }),
]);
