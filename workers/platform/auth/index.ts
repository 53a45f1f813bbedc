import type { Handlers } from "../core/context";
import { disconnectPlayer } from "../../realtime/publish";
import { login } from "./login";
import { register } from "./register";
import { restore } from "./restore";

export const authHandlers: Handlers<"auth.login" | "auth.logout" | "auth.register" | "auth.restore"> = {
  "auth.login": login,

  async "auth.logout"(_p, ctx) {
    await disconnectPlayer(ctx.env, ctx.uid); // SPEC §4: logout destroys the realtime connection
    await ctx.endSession();
    return 1 as const;
  },

  "auth.register": register,
  "auth.restore": restore,
};
