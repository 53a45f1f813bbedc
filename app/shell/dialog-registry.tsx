import { Suspense, type ComponentType } from "react";
import type { DialogName, DialogRenderer, DialogRenderers } from "./dialog-types";
import { lazyWithPreload } from "../lib/lazy-with-preload";
import { preloadDialogFrame } from "./dialogs";

type Loaded<N extends DialogName> = ComponentType<Parameters<DialogRenderer<N>>[0]>;

/**
 * A dialog whose code loads in the browser with its first use, off first load. The server
 * preloads every dialog before it renders (entry.server, `preloadDialogs`) and renders it in
 * place, so a dialog in the page's HTML shows without JavaScript (lib/lazy-with-preload.tsx).
 */
function lazyDialog<N extends DialogName>(load: () => Promise<Loaded<N>>) {
  const { Component, preload } = lazyWithPreload(load);
  const render: DialogRenderer<N> = (props) => (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
  return { render, preload };
}

// Forms are heavy: the authentication popup, with the email-confirm dialog (after registration)
// in the same chunk: one preload list.
const loadAuthPopup = () => import("../features/auth/auth-popup");
const auth = lazyDialog<"auth">(() => loadAuthPopup().then((m) => m.default));
const emailConfirm = lazyDialog<"emailConfirm">(() => loadAuthPopup().then((m) => m.EmailConfirmDialog));
const confirm = lazyDialog<"confirm">(() => import("../ui/dialog/confirm-dialog").then((m) => m.ConfirmDialog));
const campaignPopup = lazyDialog<"campaignPopup">(() => import("../features/site/campaign-popup").then((m) => m.CampaignPopup));
const verification = lazyDialog<"verification">(() => import("../features/verification/verification-popup").then((m) => m.VerificationPopup));
const cashback = lazyDialog<"cashback">(() => import("../features/cashback/cashback-popup").then((m) => m.CashbackPopup));

/** entry.server preloads every dialog (and their frame) before rendering: any of them may be in a page's HTML. */
export const preloadDialogs = () =>
  Promise.all([
    preloadDialogFrame(),
    auth.preload(),
    emailConfirm.preload(),
    confirm.preload(),
    campaignPopup.preload(),
    verification.preload(),
    cashback.preload(),
  ]);

/** Every dialog the app can open, by name (its props: dialog-types.ts). Features add theirs here. */
export const dialogRenderers: DialogRenderers = {
  confirm: confirm.render,
  campaignPopup: campaignPopup.render,
  emailConfirm: emailConfirm.render,
  auth: auth.render,
  verification: verification.render,
  cashback: cashback.render,
};
