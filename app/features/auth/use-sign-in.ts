import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { createActor, fromPromise } from "xstate";
import { track } from "../../lib/analytics";
import { browserCall } from "../../lib/api/browser-call";
import { useRootData } from "../../shell/use-root-data";
import { signInMachine } from "./machines/sign-in.machine";
import { afterSignInPath } from "./auth-targets";
import { useSessionChanged } from "./use-session-changed";

/**
 * Sign-in with JavaScript: the sign-in machine (SPEC §4) calls auth.login from the browser, keeps
 * login and password for the two-factor step (no cookie needed), counts the resend time down,
 * and on success goes to `next` in the account's locale with the loaders revalidated. Without
 * JavaScript the same forms post to /auth.
 */
export function useSignIn(next: string) {
  const root = useRootData()!;
  const sessionChanged = useSessionChanged();
  const [actor] = useState(() =>
    createActor(
      signInMachine.provide({
        actors: { login: fromPromise(({ input }) => browserCall("auth.login", "POST", { ...input }, { locale: root.locale })) },
      }),
    ),
  );
  const [ready, setReady] = useState(false);
  useEffect(() => {
    actor.start();
    setReady(true);
    return () => void actor.stop();
  }, [actor]);
  const account = useSelector(actor, (s) => (s.hasTag("success") ? s.context.account : null));
  // A banned player's right password opens the banned session (SPEC §6): the page's data, read
  // again, is the 403 screen, as for a player banned while signed in.
  const banned = useSelector(actor, (s) => s.context.notice?.key === "auth.errors.banned");
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the ban showing, once; sessionChanged is read at that moment
  useEffect(() => {
    if (banned) void sessionChanged();
  }, [banned]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when sign-in succeeds; the locale list and next are read at that moment
  useEffect(() => {
    if (!account) return;
    track("sign_in");
    track("identify", { uid: account.uid });
    const target = afterSignInPath(next, account.locale, root.locales, root.defaultLocale);
    void sessionChanged(target);
  }, [account]);

  return {
    actor,
    ready,
    twoFactor: useSelector(actor, (s) => s.hasTag("twoFactor")),
    busy: useSelector(actor, (s) => s.hasTag("loading") || s.hasTag("success")),
    canResend: useSelector(actor, (s) => s.hasTag("canResend")),
    resendTime: useSelector(actor, (s) => s.context.resendTime),
    resendable: useSelector(actor, (s) => s.context.resendable),
    notice: useSelector(actor, (s) => s.context.notice),
    codeError: useSelector(actor, (s) => s.context.codeError),
    login: useSelector(actor, (s) => s.context.login),
  };
}
