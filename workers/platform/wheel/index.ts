import { PlatformError } from "../../../app/lib/api/errors";
import type { Handlers } from "../core/context";

/** The FortuneWheels.* methods (issue 21, decision 0047). PLACEHOLDER of the base branch: the platform slice replaces every handler. */

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

const notYet = () => {
  throw new PlatformError("InvalidParameter", "The wheel's platform is being built", { status: 501 });
};

export const wheelHandlers: Handlers<WheelMethods> = {
  "FortuneWheels.campaignsGet": notYet,
  "FortuneWheels.campaignsInfo": notYet,
  "FortuneWheels.wheelInfoGet": notYet,
  "FortuneWheels.wheelRewardsGet": notYet,
  "FortuneWheels.wheelSpinResults": notYet,
  "FortuneWheels.campaignsQuestsGet": notYet,
  "FortuneWheels.campaignsQuestsInfo": notYet,
  "FortuneWheels.userQuestsHistoryGet": notYet,
  "FortuneWheels.buySpin": notYet,
  "FortuneWheels.spinWheel": notYet,
  "FortuneWheels.fairnessGet": notYet,
  "FortuneWheels.clientSeedSet": notYet,
  "FortuneWheels.seedRotate": notYet,
};
