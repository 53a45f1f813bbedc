import type { Handlers } from "../core/context";
import { login } from "./login";
import { register } from "./register";
import { restore } from "./restore";

export const authHandlers: Handlers<"auth.login" | "auth.logout" | "auth.register" | "auth.restore"> = {
  "auth.login": login,

  async "auth.logout"(_p, ctx) {
    await ctx.endSession();
    return 1 as const;
  },

  "auth.register": register,
  "auth.restore": restore,
};
