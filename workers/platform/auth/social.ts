import type { Handlers } from "../core/context";

/** Social and messenger sign-in methods beyond auth.* (filled in by the social work). */
export const socialHandlers: Handlers<never> = {};
