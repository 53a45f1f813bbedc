import type { Handlers } from "../core/context";
import { buySpin } from "./buy";
import { campaignsGet, campaignsInfo, wheelInfoGet } from "./campaigns";
import { campaignsQuestsGet, campaignsQuestsInfo, userQuestsHistoryGet } from "./quests";
import { wheelRewardsGet, wheelSpinResults } from "./results";
import { clientSeedSet, fairnessGet, seedRotate } from "./seeds";
import { spinWheel } from "./spin";

/** The FortuneWheels.* methods (issue 21, decision 0047). */

type WheelMethods =
  | "FortuneWheels.campaignsGet"
  | "FortuneWheels.campaignsInfo"
  | "FortuneWheels.wheelInfoGet"
  | "FortuneWheels.wheelRewardsGet"
  | "FortuneWheels.wheelSpinResults"
  | "FortuneWheels.campaignsQuestsGet"
  | "FortuneWheels.campaignsQuestsInfo"
  | "FortuneWheels.userQuestsHistoryGet"
  | "FortuneWheels.buySpin"
  | "FortuneWheels.spinWheel"
  | "FortuneWheels.fairnessGet"
  | "FortuneWheels.clientSeedSet"
  | "FortuneWheels.seedRotate";

export const wheelHandlers: Handlers<WheelMethods> = {
  "FortuneWheels.campaignsGet": (_, ctx) => campaignsGet(ctx),
  "FortuneWheels.campaignsInfo": ({ campaign_id }, ctx) => campaignsInfo(ctx, campaign_id),
  "FortuneWheels.wheelInfoGet": ({ campaign_id }, ctx) => wheelInfoGet(ctx, campaign_id),
  "FortuneWheels.wheelRewardsGet": (params, ctx) => wheelRewardsGet(ctx, params),
  "FortuneWheels.wheelSpinResults": (params, ctx) => wheelSpinResults(ctx, params),
  "FortuneWheels.campaignsQuestsGet": ({ campaign_id }, ctx) => campaignsQuestsGet(ctx, campaign_id),
  "FortuneWheels.campaignsQuestsInfo": ({ quest_id }, ctx) => campaignsQuestsInfo(ctx, quest_id),
  "FortuneWheels.userQuestsHistoryGet": ({ campaign_id, limit }, ctx) => userQuestsHistoryGet(ctx, campaign_id, limit),
  "FortuneWheels.buySpin": (params, ctx) => buySpin(ctx, params),
  "FortuneWheels.spinWheel": ({ campaign_id, key }, ctx) => spinWheel(ctx, campaign_id, key),
  "FortuneWheels.fairnessGet": (_, ctx) => fairnessGet(ctx),
  "FortuneWheels.clientSeedSet": ({ client_seed }, ctx) => clientSeedSet(ctx, client_seed),
  "FortuneWheels.seedRotate": (_, ctx) => seedRotate(ctx),
};
