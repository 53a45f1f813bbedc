import { createElement, lazy, Suspense, type ComponentType } from "react";
import type { DialogRenderer } from "../ui/dialog/dialogs";

type DialogRendererProps = Parameters<DialogRenderer>[0];
import { ConfirmDialog } from "../ui/dialog/confirm-dialog";
import { CampaignPopup } from "./site/campaign-popup";

// Forms are heavy: the authentication popup's code loads in the browser with its first use. The
// server preloads it (preloadAuthPopup) and renders it in place, so the popup is in the HTML
// without JavaScript; the browser keeps that HTML until the chunk arrives and then hydrates it.
const loadAuthPopup = () => import("./auth/auth-popup");
const AuthPopup = lazy(loadAuthPopup);
let authPopupLoaded: ComponentType<DialogRendererProps> | null = null;
export async function preloadAuthPopup() {
  authPopupLoaded ??= (await loadAuthPopup()).default;
}

// The email-confirm dialog (after registration) rides in the same chunk: one preload list.
const EmailConfirm = lazy(() => loadAuthPopup().then((m) => ({ default: m.EmailConfirmDialog })));

/** Every dialog the app can open, by name. Features add theirs here. */
export const dialogRenderers: Record<string, DialogRenderer> = {
  confirm: ConfirmDialog,
  campaignPopup: CampaignPopup,
  emailConfirm: (props) => (
    <Suspense fallback={null}>
      <EmailConfirm {...props} />
    </Suspense>
  ),
  auth: (props) => (
    <Suspense fallback={null}>
      {import.meta.env.SSR && authPopupLoaded ? createElement(authPopupLoaded, props) : <AuthPopup {...props} />}
    </Suspense>
  ),
};
