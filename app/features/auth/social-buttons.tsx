import type { TFunction } from "../../lib/i18n/translate";
import { oauthInitUrl } from "./auth-targets";
import { useSessionChanged } from "./use-session-changed";

export interface SocialProvider {
  id: string;
  name: string;
  icon: string;
}

/** SPEC §9: the social sign-in popup is 640×480. */
const POPUP_FEATURES = "popup=yes,width=640,height=480";

export interface SocialResult {
  type: "social_auth";
  status: "success" | "error";
  reason?: string;
}

/**
 * Opens the provider in a 640×480 popup and resolves with what /auth/social posts back; null
 * when the player closed it, "blocked" when the browser refused to open it.
 */
export function signInWithPopup(service: string, typeAuth: "login" | "registration"): Promise<SocialResult | "blocked" | null> {
  // In the popup the provider comes back to /auth/social, which tells this window and closes.
  const popup = window.open(oauthInitUrl(service, "/auth/social", typeAuth), "pf_social", POPUP_FEATURES);
  if (!popup) return Promise.resolve("blocked");
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: SocialResult | null) => {
      if (settled) return;
      settled = true;
      window.removeEventListener("message", onMessage);
      clearInterval(timer);
      resolve(result);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.data?.type !== "social_auth") return;
      done(e.data as SocialResult);
    };
    window.addEventListener("message", onMessage);
    // The popup posts, then closes: its message may still be on its way when it reads closed.
    const timer = setInterval(() => {
      if (popup.closed) setTimeout(() => done(null), 500);
    }, 500);
  });
}

/**
 * Social sign-in buttons. Without JavaScript they are submit buttons (`social=<id>`) of the
 * surrounding form, so the /auth action checks the terms box first and then goes to
 * /oauth/init in the same window. With JavaScript they open the provider in a popup.
 */
export function SocialButtons(props: {
  providers: SocialProvider[];
  t: TFunction;
  typeAuth: "login" | "registration";
  /** Registration: the terms box must be ticked first (SPEC §4); returns false to stop. */
  beforeOpen?: (form: HTMLFormElement | null) => boolean;
  onError: (reason: string) => void;
  next: string;
}) {
  const sessionChanged = useSessionChanged();
  if (!props.providers.length) return null;
  return (
    <div className="auth__social">
      <p className="auth__social-title">{props.t("auth.social.title")}</p>
      {props.providers.map((p) => (
        <button
          key={p.id}
          type="submit"
          name="social"
          value={p.id}
          formNoValidate
          className="btn btn--ghost auth__social-btn"
          onClick={async (e) => {
            const form = e.currentTarget.form;
            if (props.beforeOpen && !props.beforeOpen(form)) {
              e.preventDefault();
              return;
            }
            e.preventDefault();
            const result = await signInWithPopup(p.id, props.typeAuth);
            if (result === "blocked") {
              // No popups here (an in-app browser, a blocker): the same flow in this window.
              form?.requestSubmit(e.currentTarget);
              return;
            }
            if (!result) {
              // Closed without a word: the player may still have signed in there.
              await sessionChanged();
              return;
            }
            if (result.status === "success") {
              await sessionChanged(props.next);
            } else props.onError(result.reason ?? "provider");
          }}
        >
          {props.t("auth.social.with", { name: p.name })}
        </button>
      ))}
    </div>
  );
}
