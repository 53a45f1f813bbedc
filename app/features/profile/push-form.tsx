import { useEffect, useState } from "react";
import { Form, useSubmit } from "react-router";
import type { PushSettings } from "../../../core/api/contract-push";
import { useT } from "../../lib/i18n/use-t";

const TOPICS = ["tournaments", "withdrawals", "bonuses"] as const;

/** base64url of an ArrayBuffer (a PushSubscription's key). */
const b64u = (buffer: ArrayBuffer | null) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : "";

const keyBytes = (key: string) => Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/**
 * Turning notifications off also ends this browser's own subscription (with JavaScript): the site
 * forgets every subscription it kept, and the browser's push service then holds none for it either.
 * A browser without a service worker registration (or push) has nothing to end.
 */
async function endBrowserSubscription() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to end, or the browser refused: the site has forgotten the subscription either way.
  }
}

/**
 * Push notifications on the notification page (decision 0114). Plain forms: topics, a test, off;
 * without JavaScript (or a browser push service) the player turns them on at the demo push relay
 * when it runs here. With JavaScript, "Turn on notifications" asks the browser's permission and
 * subscribes with its PushManager, then posts that subscription; "Turn off" also unsubscribes it.
 */
export function PushForm({ push, uid, error }: { push: PushSettings | null; uid: number; error?: string }) {
  const t = useT();
  const submit = useSubmit();
  const [browserPush, setBrowserPush] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setBrowserPush("serviceWorker" in navigator && "PushManager" in window && "Notification" in window), []);
  if (!push) return null;
  const subscribed = push.subscriptions.length > 0;
  const chosen = subscribed ? new Set(push.subscriptions.flatMap((s) => s.topics)) : new Set<string>(TOPICS);

  async function subscribeInBrowser(form: HTMLFormElement) {
    setProblem(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setProblem(t("profile.pushForm.denied"));
      const registration = await navigator.serviceWorker.ready;
      const sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(push!.public_key ?? "") });
      const fields = new FormData(form);
      fields.set("intent", "push-subscribe");
      fields.set("endpoint", sub.endpoint);
      fields.set("p256dh", b64u(sub.getKey("p256dh")));
      fields.set("auth", b64u(sub.getKey("auth")));
      submit(fields, { method: "post" });
    } catch {
      setProblem(t("profile.pushForm.unsupported"));
    }
  }

  return (
    <section className="responsible__card" data-testid="push-notifications" aria-labelledby="push-title">
      <h2 id="push-title">{t("profile.pushForm.title")}</h2>
      {!push.enabled ? (
        <p>{t("profile.pushForm.off")}</p>
      ) : (
        <>
          <p>{t("profile.pushForm.lead")}</p>
          {subscribed && <p data-push-on="true">{t("profile.pushForm.on", { count: push.subscriptions.length })}</p>}
          <Form method="post" id="push-form">
            <fieldset>
              <legend>{t("profile.pushForm.topics")}</legend>
              {TOPICS.map((topic) => (
                <label key={topic} className="checkbox">
                  <input type="checkbox" name="topics" value={topic} defaultChecked={chosen.has(topic)} /> {t(`profile.pushForm.topic.${topic}`)}
                </label>
              ))}
            </fieldset>
            {subscribed ? (
              <button type="submit" name="intent" value="push-topics" className="btn btn--primary">
                {t("profile.pushForm.save")}
              </button>
            ) : (
              <div className="push-form__actions">
                {browserPush && (
                  <button type="button" className="btn btn--primary" onClick={(e) => subscribeInBrowser(e.currentTarget.form!)}>
                    {t("profile.pushForm.enable")}
                  </button>
                )}
                {push.demo_relay && (
                  <button type="submit" name="intent" value="push-demo" className={browserPush ? "btn btn--ghost" : "btn btn--primary"}>
                    {t("profile.pushForm.enableDemo")}
                  </button>
                )}
                {!push.demo_relay && !browserPush && <p>{t("profile.pushForm.noJs")}</p>}
              </div>
            )}
          </Form>
          {subscribed && (
            <Form method="post" className="push-form__actions">
              <button type="submit" name="intent" value="push-test" className="btn btn--ghost">
                {t("profile.pushForm.test")}
              </button>
              <button type="submit" name="intent" value="push-off" className="btn btn--ghost" onClick={() => void endBrowserSubscription()}>
                {t("profile.pushForm.disable")}
              </button>
            </Form>
          )}
          {push.subscriptions.some((s) => s.demo) && (
            <p>
              {t("profile.pushForm.demoNote")} <a href={`/platform/demo/push/inbox?uid=${uid}`}>{t("profile.pushForm.inbox")}</a>
            </p>
          )}
          {(problem || error) && (
            <p role="alert" className="field-error">
              {problem || error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
