/** SPEC §4's rule for the spin button, apart from the machine: the page renders the button with it before the machine loads. */

export interface SpinCampaign {
  id: number;
  isSpinCost: boolean;
  spinBalance: number;
}

/** Whether the spin button may spin (SPEC §4), apart from a spin under way: a campaign, a spin to spend, and for a cost campaign a settled page. */
export function canSpin(campaign: SpinCampaign | null, loading: boolean): boolean {
  if (!campaign) return false;
  if (campaign.isSpinCost && loading) return false;
  return campaign.spinBalance >= 1;
}
