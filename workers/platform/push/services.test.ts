import { describe, expect, it } from "vitest";
import { BROWSER_PUSH_SERVICES, isPushService, PUSH_HOST_PATTERN, pushServiceHosts } from "./services";

/** Where pushes may go (decision 0114): the browsers' push services, or the operator's list. */
describe("push services", () => {
  const none = {};
  it("takes the browsers' services by default, https on the default port only", () => {
    expect(pushServiceHosts(none)).toEqual([...BROWSER_PUSH_SERVICES]);
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QG",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://FCM.GoogleAPIs.com/fcm/send/abc",
    ])
      expect(isPushService(none, ok), ok).toBe(true);
    for (const bad of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:444/fcm/send/abc",
      "https://user:pw@fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.example.net/x",
      "https://evilfcm.googleapis.com/x",
      "https://push.services.mozilla.com/x", // the wildcard is for names under it
      "https://xnotify.windows.com/x",
      "https://127.0.0.1/x",
      "not a url",
    ])
      expect(isPushService(none, bad), bad).toBe(false);
  });

  it("an operator's list replaces the default", () => {
    const env = { PUSH_SERVICE_HOSTS: " push.example.com, *.relay.example.org " };
    expect(pushServiceHosts(env)).toEqual(["push.example.com", "*.relay.example.org"]);
    expect(isPushService(env, "https://push.example.com/x")).toBe(true);
    expect(isPushService(env, "https://a.relay.example.org/x")).toBe(true);
    expect(isPushService(env, "https://fcm.googleapis.com/fcm/send/abc")).toBe(false);
    expect(PUSH_HOST_PATTERN.test("*.relay.example.org")).toBe(true);
    expect(PUSH_HOST_PATTERN.test("https://x.example")).toBe(false);
    expect(PUSH_HOST_PATTERN.test("localhost")).toBe(false);
  });
});
