import type { Handlers } from "../core/context";
import { collect } from "./collect";

/** analytics.* (decision 0057): the first-party collector. */
export const analyticsHandlers: Handlers<"analytics.collect"> = {
  "analytics.collect": collect,
};
