import type { ReactNode } from "react";
import type { CmsConfig } from "../../core/api/cms";
import type { LoyaltyCharacter } from "../../core/api/contract-loyalty";
import type { Banner, Popup } from "../../core/api/entities";
import type { PersonalData } from "../../core/validation/registration-form";
import type { AuthFlash, AuthMode } from "../features/auth/auth-flash.server";
import type { DialogFrame } from "../ui/dialog/dialog";

/**
 * Every dialog the app opens by name, and the props that name takes: a dialog's name fixes its
 * props' type, from the loader that builds a URL dialog to the component that renders it, with no
 * cast between them. The renderers are in dialog-registry.tsx; a new dialog adds its props here.
 * Types and two small functions, nothing else: features import them without importing the shell.
 */
export interface DialogPropsMap {
  confirm: ConfirmOptions;
  auth: AuthPopupProps;
  emailConfirm: EmailConfirmProps;
  campaignPopup: CampaignPopupProps;
  verification: VerificationPopupProps;
  cashback: CashbackPopupProps;
}

export type DialogName = keyof DialogPropsMap;
export type DialogKind = DialogFrame["kind"];

/** A dialog of one name on the stack or waiting in the queue. */
export interface DialogOf<N extends DialogName> {
  id: string;
  kind: DialogKind;
  name: N;
  props: DialogPropsMap[N];
  preventClose: boolean;
}

/** A dialog of any name, as the stack holds it; `renderDialog` pairs its name with its props' type again. */
export type DialogEntry = DialogOf<DialogName>;

/** A dialog the URL names (its query key), one name with its own props; closing it navigates to `closeHref`. */
export type UrlDialog = { [N in DialogName]: DialogOf<N> & { closeHref: string } }[DialogName];

export type DialogRenderer<N extends DialogName> = (props: { entry: DialogOf<N>; close: (result?: boolean) => void }) => ReactNode;
export type DialogRenderers = { [N in DialogName]: DialogRenderer<N> };

/** Renders a dialog with the renderer its name registers, which takes exactly that name's props. */
export function renderDialog<N extends DialogName>(renderers: DialogRenderers, entry: DialogOf<N>, close: (result?: boolean) => void): ReactNode {
  const render: DialogRenderer<N> = renderers[entry.name];
  return render({ entry, close });
}

/** Where closing a URL dialog navigates; undefined for a dialog the page opened. */
export function closeHrefOf(entry: DialogEntry): string | undefined {
  return "closeHref" in entry && typeof entry.closeHref === "string" ? entry.closeHref : undefined;
}

/** Confirm dialog (SPEC §3): content, agree and reject buttons; resolves true or false. */
export interface ConfirmOptions {
  content: string;
  textAgree: string;
  textReject: string;
  showClose?: boolean;
}

export interface AuthPopupProps {
  mode: AuthMode;
  flash: AuthFlash | null;
  config: CmsConfig["auth"];
  regType: string | null;
  personalData: PersonalData | null;
  resetToken: string | null;
  banner: Banner | null;
  /** The character selector's characters (showCharacterSelect on: it shows instead of the banner). */
  characters: LoyaltyCharacter[] | null;
  /** socialRegistration: what the account already has. */
  account?: { hasEmail: boolean };
}

/** The email-confirm popup after registration: the address the code went to. */
export interface EmailConfirmProps {
  email: string;
}

/** What the login campaign popup adds (login-campaign.server.ts): its Close form's action and the page it comes back to. */
export interface CampaignPopupClose {
  recordClose: true;
  closeAction: string;
  returnTo: string;
}

/** A campaign popup (`popups.get`): opened by the URL, queued after login (with its close form), or previewed. */
export type CampaignPopupProps = Popup & Partial<CampaignPopupClose> & { preview?: boolean };

export interface VerificationPopupProps {
  title: string;
  text: string;
  go: string;
  href: string;
}

/** Translated on the server (cashback-popup.server.ts). `payout` null: nothing left to claim. */
export interface CashbackPopupProps {
  id: string;
  title: string;
  text: string;
  payout: string | null;
  close: string;
  details: string;
  /** The /profile/cashback action, and the page its forms come back to. */
  action: string;
  returnTo: string;
}
