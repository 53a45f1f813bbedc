import type { Handlers } from "../core/context";

/** Contacts, personal-data fields, phone settings (filled in by the contacts work). */
export const contactHandlers: Handlers<never> = {};
