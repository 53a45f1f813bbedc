import type { Handlers } from "./core/context";
import { accountHandlers } from "./account";
import { contactHandlers } from "./account/contacts";
import { socialHandlers } from "./auth/social";
import { walletHandlers } from "./wallet/handlers";
import { cashierHandlers } from "./cashier";
import { gameHandlers } from "./games";
import { jackpotHandlers } from "./jackpots";
import { responsibleHandlers } from "./responsible/handlers";
import { authHandlers } from "./auth";
import { bannerHandlers } from "./banners";
import { bonusHandlers } from "./bonuses";
import { cashbackHandlers } from "./cashback";
import { freespinHandlers } from "./bonuses/freespins-get";
import { cmsHandlers } from "./cms";
import { offerHandlers } from "./offers";
import { i18nHandlers } from "./i18n";
import { metadataHandlers } from "./metadata";
import { popupHandlers } from "./popups";
import { promoCodeHandlers } from "./promocodes";
import { loyaltyHandlers } from "./loyalty";
import { loyaltyRecordHandlers } from "./loyalty/records";
import { wheelHandlers } from "./wheel";
import { tournamentHandlers } from "./tournaments";
import { challengeHandlers } from "./challenges";
import { liveBoardHandlers } from "./tournaments/live";
import { sportsbookHandlers } from "./sportsbook";
import { eventHandlers } from "./events";
import { storageHandlers } from "./storage";
import { verificationHandlers } from "./verification";
import { vpnHandlers } from "./vpn";
import { pushHandlers } from "./push";
import { supportHandlers } from "./support";
import { chatHandlers } from "./chat";
import { analyticsHandlers } from "./analytics";

/** Every method of the contract has exactly one handler: the type makes a missing one an error. */
export const handlers: Handlers = {
  ...i18nHandlers,
  ...metadataHandlers,
  ...bannerHandlers,
  ...popupHandlers,
  ...eventHandlers,
  ...storageHandlers,
  ...accountHandlers,
  ...authHandlers,
  ...cmsHandlers,
  ...contactHandlers,
  ...socialHandlers,
  ...walletHandlers,
  ...cashierHandlers,
  ...responsibleHandlers,
  ...gameHandlers,
  ...jackpotHandlers,
  ...verificationHandlers,
  ...bonusHandlers,
  ...cashbackHandlers,
  ...freespinHandlers,
  ...offerHandlers,
  ...promoCodeHandlers,
  ...loyaltyHandlers,
  ...loyaltyRecordHandlers,
  ...wheelHandlers,
  ...tournamentHandlers,
  ...challengeHandlers,
  ...liveBoardHandlers,
  ...sportsbookHandlers,
  ...vpnHandlers,
  ...pushHandlers,
  ...supportHandlers,
  ...chatHandlers,
  ...analyticsHandlers,
};
