import type { Handlers } from "../core/context";
import { sendFeedback } from "./feedback";
import { readSupportSetting, supportSettingsFor } from "./settings";

/** support.* (decision 0052): the support settings and the feedback form. */
export const supportHandlers: Handlers<"support.getsettings" | "support.sendFeedback"> = {
  async "support.getsettings"(_params, ctx) {
    return supportSettingsFor(await readSupportSetting(ctx.db), ctx.locale, ctx.defaultLocale);
  },
  "support.sendFeedback": sendFeedback,
};
