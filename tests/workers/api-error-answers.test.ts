import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { contract, type MethodKey } from "../../core/api/contract";
import { errorAnswers } from "../../core/api/error-answers";
import { Browser, registerPlayer } from "./auth-helpers";
import { apiUrl, ORIGIN, send } from "./helpers";

// Holds docs/api/openapi.json (each method's error answers, core/api/error-answers.ts) to
// what the Worker really answers, for every method of the contract.

/** auth.logout last: it ends the session the calls after it are made with. */
const keys = (Object.keys(contract) as MethodKey[]).sort((a, b) => Number(a === "auth.logout") - Number(b === "auth.logout"));
const posts = keys.filter((k) => contract[k].verb === "POST");
const declares = (key: MethodKey, answer: string) => errorAnswers(key).some((a) => `${a.status} ${a.type}` === answer);
const pathOf = (key: MethodKey) => `${contract[key].group}/${contract[key].name}`;

/** "200", or the status and exception type of a refusal: "401 AuthorizationException". */
async function answerOf(res: Response): Promise<string> {
  const body = await res.json<{ error?: { type: string } }>();
  return res.status === 200 ? "200" : `${res.status} ${body.error?.type}`;
}

/** Calls a method with no parameters at all, as a client that sends none would. */
async function bareCall(key: MethodKey, browser: Browser): Promise<string> {
  const res = contract[key].verb === "GET" ? await browser.get(pathOf(key)) : await browser.post(pathOf(key));
  return answerOf(res);
}

/** Calls a method naming what does not exist: every id parameter 999999, a fresh idempotency key. */
async function unknownIdCall(key: MethodKey, browser: Browser): Promise<string> {
  const params: Record<string, string> = {};
  for (const name of Object.keys(contract[key].params.shape)) {
    if (name === "id" || name.endsWith("_id")) params[name] = "999999";
    if (name === "key") params[name] = `unknown-${key}`.replace(/[^A-Za-z0-9_.:-]/g, "-");
  }
  const res = contract[key].verb === "GET" ? await browser.get(pathOf(key), params) : await browser.post(pathOf(key), params);
  return answerOf(res);
}

/** Every method called so, as answered: "method → answer". */
async function callEach(browser: Browser, call = bareCall): Promise<Map<MethodKey, string>> {
  const answers = new Map<MethodKey, string>();
  for (const key of keys) answers.set(key, await call(key, browser));
  return answers;
}

const undeclared = (answers: Map<MethodKey, string>) =>
  [...answers].filter(([key, answer]) => answer !== "200" && !declares(key, answer)).map(([key, answer]) => `${key} → ${answer}`);

describe("the error answers each method declares (docs/api/openapi.json)", () => {
  afterEach(() => env.DB.prepare("DELETE FROM settings WHERE key = 'maintenance'").run());

  it("cover what a visitor gets calling any method without parameters; a player method answers 401", async () => {
    const answers = await callEach(new Browser());
    expect(undeclared(answers)).toEqual([]);
    const players = keys.filter((k) => contract[k].access === "player");
    expect(new Set(players.map((k) => answers.get(k)))).toEqual(new Set(["401 AuthorizationException"]));
  });

  it("cover what a signed-in player gets calling any method without parameters", async () => {
    const { browser } = await registerPlayer();
    expect(undeclared(await callEach(browser))).toEqual([]);
  });

  it("cover what a signed-in player gets naming ids that do not exist, among them 404 where one is declared", async () => {
    const { browser } = await registerPlayer();
    const answers = await callEach(browser, unknownIdCall);
    expect(undeclared(answers)).toEqual([]);
    const notFound = keys.filter((k) => answers.get(k) === "404 InvalidParameterException");
    // The calls reach the handlers' lookups, not only the parameters' validation.
    expect(notFound.length).toBeGreaterThan(10);
  });

  it("name UserBanned for exactly the methods that refuse a banned player", async () => {
    const { browser, uid } = await registerPlayer();
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE uid = ?1").bind(uid).run();
    const answers = await callEach(browser);
    const refused = keys.filter((k) => answers.get(k) === "403 UserBannedException");
    expect(refused).toEqual(keys.filter((k) => declares(k, "403 UserBannedException")));
    expect(undeclared(answers)).toEqual([]);
  });

  it("name ApplicationDisabled for exactly the methods that maintenance closes", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('maintenance', ?1)")
      .bind(JSON.stringify({ enabled: true, message: "Back soon" }))
      .run();
    const answers = await callEach(new Browser());
    const closed = keys.filter((k) => answers.get(k) === "503 ApplicationDisabledException");
    expect(closed).toEqual(keys.filter((k) => declares(k, "503 ApplicationDisabledException")));
    expect(undeclared(answers)).toEqual([]);
  });

  it("cover a POST from another site and a POST body that is not form data", async () => {
    for (const key of posts) {
      const foreign = await send(apiUrl(pathOf(key)), { method: "POST", body: new FormData(), headers: { origin: "https://elsewhere.test" } });
      expect([key, await answerOf(foreign)]).toEqual([key, "403 AccessDeniedException"]);
      expect(declares(key, "403 AccessDeniedException"), key).toBe(true);
      const text = await send(apiUrl(pathOf(key)), { method: "POST", body: "a=1", headers: { origin: ORIGIN, "content-type": "text/plain" } });
      expect([key, await answerOf(text)]).toEqual([key, "415 InvalidRequestException"]);
      expect(declares(key, "415 InvalidRequestException"), key).toBe(true);
    }
  });
});
