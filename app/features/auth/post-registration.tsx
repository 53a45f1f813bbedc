import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { Actor } from "xstate";
import { browserCall } from "../../lib/api/browser-call";
import type { AccountInfo, Popup } from "../../../core/api/entities";
import { useDialogs } from "../../shell/dialogs";
import type { CashbackPopupProps } from "../../shell/dialog-types";
import type { postRegistrationMachine, PostRegistrationItem } from "./machines/post-registration.machine";

/** The campaign popup a new player is welcomed with, when the operator has one. */
const WELCOME_POPUP = "welcome";

/**
 * After registration (`register=success` in the URL, SPEC §2): the post-registration machine's
 * queue, each popup after the previous one closes: confirm the email, then the unseen cashback
 * and the welcome campaign popup. The machine and XState load only then: a signed-in page that is
 * not the one after registration ships none of it.
 */
export function PostRegistration(props: {
  account: Pick<AccountInfo, "email">;
  confirmEmailPopup: boolean;
  locale: string;
  /** The unseen cashback, when there is one (the root loader decides it: cashback-popup.server.ts). */
  cashback?: CashbackPopupProps | null;
}) {
  const { search } = useLocation();
  const dialogs = useDialogs();
  const ran = useRef(false);
  const registered = new URLSearchParams(search).get("register") === "success";

  // The props are read when the player arrives registered; later renders must not restart the queue.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per registration (see above)
  useEffect(() => {
    if (!registered || ran.current) return;
    ran.current = true;
    let stopped = false;
    let actor: Actor<typeof postRegistrationMachine> | null = null;
    void (async () => {
      const [campaign, { createActor }, { postRegistrationMachine }] = await Promise.all([
        browserCall("popups.get", "GET", { sysname: WELCOME_POPUP }, { locale: props.locale })
          .then(({ items }): Popup | null => items[0] ?? null)
          .catch(() => null),
        import("xstate"),
        import("./machines/post-registration.machine"),
      ]);
      if (stopped) return;
      actor = createActor(postRegistrationMachine, {
        input: {
          confirmEmailPopup: props.confirmEmailPopup,
          account: props.account,
          cashback: props.cashback ?? null,
          campaign,
        },
      });
      // Each item once: the snapshot also changes while one shows (an item joining the queue).
      let shown: PostRegistrationItem | null = null;
      actor.subscribe((snapshot) => {
        const item = snapshot.context.current;
        if (!item || item === shown || !snapshot.hasTag("showing") || stopped) return;
        shown = item;
        void dialogs.show(item.name, item.props).then(() => actor?.send({ type: "dialog.closed" }));
      });
      actor.start();
    })();
    return () => {
      stopped = true;
      actor?.stop();
    };
  }, [registered]);
  return null;
}
