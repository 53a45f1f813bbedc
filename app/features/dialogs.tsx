import type { DialogRenderer } from "../ui/dialog/dialogs";
import { ConfirmDialog } from "../ui/dialog/confirm-dialog";
import { CampaignPopup } from "./site/campaign-popup";

/** Every dialog the app can open, by name. Features add theirs here. */
export const dialogRenderers: Record<string, DialogRenderer> = {
  confirm: ConfirmDialog,
  campaignPopup: CampaignPopup,
};
