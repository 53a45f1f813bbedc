import { PlatformError } from "../../../core/api/errors";
import { issueRealtimeToken } from "../auth/realtime-token";
import type { Handlers } from "../core/context";
import { verify } from "../core/signing";
import { notifyFollowsContacts } from "./contacts";
import { UNSUBSCRIBE_PURPOSE } from "./notices";
import { anonymousInfo, playerInfo } from "./info";
import { changePassword } from "./password";
import { changeFakename, changeLocale, getProfileInfo, saveProfileInfo } from "./profile";
import { endSessions, getSessions } from "./sessions";
import { changeTwoFactorAuth, confirmTwoFactorAuth, createBackupCodes, getBackupCodes } from "./two-factor";

type AccountMethods =
  | "account.getInfo"
  | "account.unsubscribe"
  | "account.getprofileinfo"
  | "account.saveProfileInfo"
  | "account.changepassword"
  | "account.changelocale"
  | "account.changefakename"
  | "account.changeTwoFactorAuth"
  | "account.confirmTwoFactorAuth"
  | "account.getToken"
  | "account.getBackupCodes"
  | "account.createBackupCodes"
  | "account.getSessions"
  | "account.endSessions";

export const accountHandlers: Handlers<AccountMethods> = {
  "account.getInfo": (_p, ctx) => (ctx.uid > 0 ? playerInfo(ctx, ctx.uid) : anonymousInfo(ctx)),

  async "account.unsubscribe"({ contact, token }, ctx) {
    const normalized = contact.trim().toLowerCase();
    if (!(await verify(ctx.env.SIGNING_SECRET, UNSUBSCRIBE_PURPOSE, normalized, token))) {
      throw new PlatformError("InvalidParameter", "This unsubscribe link is not valid", {
        fields: { token: ["The link is not valid or has been altered"] },
      });
    }
    // The link's contact stops getting mail, and its account shows it unsubscribed.
    await ctx.db.batch([
      ctx.db.prepare("INSERT INTO unsubscribes (contact, created_at) VALUES (?1, ?2) ON CONFLICT (contact) DO NOTHING").bind(normalized, Date.now()),
      ctx.db.prepare("UPDATE contacts SET is_subscribed = 0 WHERE contact = ?1").bind(normalized),
      notifyFollowsContacts(ctx.db, "uid IN (SELECT uid FROM contacts WHERE contact = ?1)").bind(normalized),
    ]);
    return 1 as const;
  },

  "account.getprofileinfo": getProfileInfo,
  "account.saveProfileInfo": saveProfileInfo,
  "account.changepassword": changePassword,
  "account.changelocale": changeLocale,
  "account.changefakename": changeFakename,
  "account.changeTwoFactorAuth": changeTwoFactorAuth,
  "account.confirmTwoFactorAuth": confirmTwoFactorAuth,
  "account.getToken": (_p, ctx) => issueRealtimeToken(ctx.env.SIGNING_SECRET, ctx.uid),
  "account.getBackupCodes": getBackupCodes,
  "account.createBackupCodes": createBackupCodes,
  "account.getSessions": getSessions,
  "account.endSessions": endSessions,
};
