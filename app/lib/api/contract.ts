import { z } from "zod";
import { CmsConfig, ContentPage, ContentPageSummary, Redirect } from "./cms";
import { method } from "./define";
import {
  AccountInfo,
  Banner,
  GeneralInfo,
  LocaleList,
  MessageBundle,
  Popup,
  SiteMetadata,
  listOf,
} from "./entities";

/**
 * The /api contract: every method of the platform, declared once.
 * Keys are `group.method`, exactly as SPEC §7 spells them.
 */

const localeCode = z
  .string()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "locale must look like 'en' or 'pt-BR'");
const storageKey = z
  .string()
  .min(1, "key is required")
  .max(64, "key must be at most 64 characters")
  .regex(/^[A-Za-z0-9_.:-]+$/, "key may hold letters, digits, '_', '.', ':' and '-' only");
const offset = z.coerce.number().int("offset must be an integer").min(0, "offset must be 0 or more").default(0);
const count = (max: number, def: number) =>
  z.coerce.number().int("count must be an integer").min(1, "count must be at least 1").max(max, `count must be at most ${max}`).default(def);
const fields = z.string().max(500).optional();

export const contract = {
  "nfx/i18n.locales": method({
    group: "nfx/i18n",
    name: "locales",
    verb: "GET",
    access: "public",
    summary: "The site's locales and the default one.",
    params: z.object({}),
    result: LocaleList,
  }),
  "nfx/i18n.messages": method({
    group: "nfx/i18n",
    name: "messages",
    verb: "GET",
    access: "public",
    pathParam: "locale",
    summary: "The message bundle of one locale (nested keys).",
    params: z.object({ locale: localeCode }),
    result: MessageBundle,
  }),
  "metadata.get": method({
    group: "metadata",
    name: "get",
    verb: "GET",
    access: "public",
    summary: "Site metadata: name, logo, themes, favicons and web-app manifest.",
    params: z.object({}),
    result: SiteMetadata,
  }),
  "metadata.getgeneralinfo": method({
    group: "metadata",
    name: "getgeneralinfo",
    verb: "GET",
    access: "public",
    summary: "General operator settings (SPEC §3 General info).",
    params: z.object({}),
    result: GeneralInfo,
  }),
  "banners.get": method({
    group: "banners",
    name: "get",
    verb: "GET",
    access: "public",
    summary: "Active banners for the request locale, optionally of one position.",
    params: z.object({ offset, count: count(100, 10), fields, position: z.string().max(40).optional() }),
    result: listOf(Banner),
  }),
  "popups.get": method({
    group: "popups",
    name: "get",
    verb: "GET",
    access: "public",
    summary: "Campaign popups for the request locale, optionally one by sysname.",
    params: z.object({ sysname: z.string().max(64).optional() }),
    result: listOf(Popup),
  }),
  "storage.get": method({
    group: "storage",
    name: "get",
    verb: "GET",
    access: "public",
    summary: "One stored value of the current player (or visitor); null when unset.",
    params: z.object({ key: storageKey }),
    result: z.string().nullable(),
  }),
  "storage.getKeys": method({
    group: "storage",
    name: "getKeys",
    verb: "GET",
    access: "public",
    summary: "The keys stored for the current player (or visitor).",
    params: z.object({}),
    result: z.array(z.string()),
  }),
  "storage.set": method({
    group: "storage",
    name: "set",
    verb: "POST",
    access: "public",
    summary: "Store a value (at most 4096 characters, 100 keys); an empty value deletes the key.",
    params: z.object({ key: storageKey, value: z.string().max(4096, "value must be at most 4096 characters") }),
    result: z.literal(true),
  }),
  "account.getInfo": method({
    group: "account",
    name: "getInfo",
    verb: "GET",
    access: "public",
    summary: "The current account; uid 0 for an anonymous visitor.",
    params: z.object({}),
    result: AccountInfo,
  }),
  "account.unsubscribe": method({
    group: "account",
    name: "unsubscribe",
    verb: "POST",
    access: "public",
    summary: "Unsubscribe a contact from mailings with the signed token of an email link.",
    params: z.object({
      contact: z.string().min(3, "contact is required").max(254),
      token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "token is malformed"),
    }),
    result: z.literal(1),
  }),
  "cms.getConfig": method({
    group: "cms",
    name: "getConfig",
    verb: "GET",
    access: "public",
    summary: "Content-management configuration of a locale: menus, banner, SEO, custom code, switches.",
    params: z.object({ locale: localeCode.optional() }),
    result: CmsConfig,
  }),
  "cms.getRedirects": method({
    group: "cms",
    name: "getRedirects",
    verb: "GET",
    access: "public",
    summary: "Site-configured redirects (from_url may end in a * wildcard).",
    params: z.object({}),
    result: z.array(Redirect),
  }),
  "cms.getPage": method({
    group: "cms",
    name: "getPage",
    verb: "GET",
    access: "public",
    summary: "A content page by slug in the request locale (falling back to the default locale); null when none.",
    params: z.object({
      slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "slug may hold lowercase letters, digits and '-' only"),
      locale: localeCode.optional(),
    }),
    result: ContentPage.nullable(),
  }),
  "cms.getPages": method({
    group: "cms",
    name: "getPages",
    verb: "GET",
    access: "public",
    summary: "Summaries of the content pages of a locale.",
    params: z.object({ locale: localeCode.optional() }),
    result: z.array(ContentPageSummary),
  }),
};

export type Contract = typeof contract;
export type MethodKey = keyof Contract;
export type ParamsOf<K extends MethodKey> = z.input<Contract[K]["params"]>;
export type ResultOf<K extends MethodKey> = z.infer<Contract[K]["result"]>;
