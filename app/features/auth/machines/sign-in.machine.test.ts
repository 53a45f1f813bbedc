import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AccountInfo } from "../../../../core/api/entities";
import { PlatformError } from "../../../../core/api/errors";
import { needsTwoFactor, signInMachine, signInNotice, twoFactorCodeError, type LoginInput } from "./sign-in.machine";
import { readResendTime, toAuthError } from "./auth-error";

const account = { uid: 7, login: "ann" } as AccountInfo;
const twoFactorOn = () =>
  new PlatformError("Authorization", "two_factor_auth is enable. Resend time is 30", { params: { two_factor_auth: true, resend_time: 30 } });

/** Starts the machine with a `login` actor answering from `answer` (called with each input). */
function start(answer: (input: LoginInput) => Promise<AccountInfo>) {
  const calls: LoginInput[] = [];
  const login = fromPromise<AccountInfo, LoginInput>(({ input }) => {
    calls.push(input);
    return answer(input);
  });
  const actor = createActor(signInMachine.provide({ actors: { login } })).start();
  return { actor, calls, snap: () => actor.getSnapshot() };
}

/** Lets the login promise settle (fake timers do not hold microtasks). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("sign-in machine: password step", () => {
  it("signs in: final success with the account as output, credentials forgotten", async () => {
    const { actor, calls, snap } = start(async () => account);
    actor.send({ type: "signIn.submit", login: "ann", password: "secret1" });
    expect(snap().hasTag("loading")).toBe(true);
    await settle();
    expect(calls).toEqual([{ login: "ann", password: "secret1" }]);
    expect(snap().status).toBe("done");
    expect(snap().hasTag("success")).toBe(true);
    expect(snap().output).toBe(account);
    expect(snap().context).toMatchObject({ login: "", password: "" });
  });

  it("shows the wrong-entry notice on a failure and can try again", async () => {
    let fail = true;
    const { actor, snap } = start(async () => {
      if (fail) throw new PlatformError("Authorization", "Wrong login or password");
      return account;
    });
    actor.send({ type: "signIn.submit", login: "ann", password: "bad" });
    await settle();
    expect(snap().matches({ idle: "notice" })).toBe(true);
    expect(snap().hasTag("notice")).toBe(true);
    expect(snap().context.notice).toEqual({ key: "auth.errors.wrongEntry" });
    expect(snap().context.password).toBe("");
    actor.send({ type: "notice.dismiss" });
    expect(snap().hasTag("notice")).toBe(false);
    fail = false;
    actor.send({ type: "signIn.submit", login: "ann", password: "good" });
    await settle();
    expect(snap().status).toBe("done");
  });

  it("a 429 names the seconds to wait from retry_after", async () => {
    const { actor, snap } = start(async () => {
      throw new PlatformError("TooManyRequests", "Too many attempts", { params: { retry_after: 120 } });
    });
    actor.send({ type: "signIn.submit", login: "ann", password: "x" });
    await settle();
    expect(snap().context.notice).toEqual({ key: "auth.errors.tooMany", params: { seconds: 120 } });
  });

  it("a banned account and a plain rejection are notices too", async () => {
    const banned = start(async () => {
      throw new PlatformError("UserBanned", "banned");
    });
    banned.actor.send({ type: "signIn.submit", login: "a", password: "b" });
    await settle();
    expect(banned.snap().context.notice).toEqual({ key: "auth.errors.banned" });
    const network = start(async () => {
      throw new TypeError("Failed to fetch");
    });
    network.actor.send({ type: "signIn.submit", login: "a", password: "b" });
    await settle();
    expect(network.snap().context.notice).toEqual({ key: "auth.errors.wrongEntry" });
  });
});

describe("sign-in machine: two-factor step", () => {
  async function atTwoFactor(answer: (input: LoginInput) => Promise<AccountInfo>, first: () => Error = twoFactorOn) {
    let firstCall = true;
    const started = start(async (input) => {
      if (firstCall) {
        firstCall = false;
        throw first();
      }
      return answer(input);
    });
    started.actor.send({ type: "signIn.submit", login: "ann", password: "secret1" });
    await settle();
    return started;
  }

  it("moves to the code step keeping login, password and the resend time", async () => {
    const { snap } = await atTwoFactor(async () => account);
    expect(snap().hasTag("twoFactor")).toBe(true);
    expect(snap().context).toMatchObject({ login: "ann", password: "secret1", resendTime: 30, resendable: true });
  });

  it("an authenticator's code step (no resend time named) offers no resend and counts nothing down", async () => {
    const { actor, calls, snap } = await atTwoFactor(
      async () => account,
      () => new PlatformError("Authorization", "two_factor_auth is enable", { params: { two_factor_auth: true } }),
    );
    expect(snap().hasTag("twoFactor")).toBe(true);
    expect(snap().context.resendable).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(snap().hasTag("canResend")).toBe(false);
    actor.send({ type: "twoFactor.resend" });
    expect(calls).toHaveLength(1); // nothing to resend: the code is the authenticator's
    // "Time expired" without a resend time keeps it so, with the message.
    actor.send({ type: "twoFactor.submit", code: "111111" });
    await settle();
    expect(snap().context.resendable).toBe(false);
  });

  it("recognises the code step by message, by resend_time, or by a trailing number", () => {
    const e = (message: string, params?: Record<string, unknown>, type = "AuthorizationException") => toAuthError({ type, message, params });
    expect(needsTwoFactor(e("two_factor_auth is enable"))).toBe(true);
    expect(needsTwoFactor(e("Login needs a code", { resend_time: 45 }))).toBe(true);
    expect(needsTwoFactor(e("Resend time is 12"))).toBe(true);
    expect(needsTwoFactor(e("Wrong login or password"))).toBe(false);
    expect(needsTwoFactor(e("two_factor_auth is enable", undefined, "InvalidParameterException"))).toBe(false);
    expect(readResendTime(e("x", { resend_time: "20" }))).toBe(20);
    expect(readResendTime(e("Resend time is 12."))).toBe(12);
    expect(readResendTime(e("no number"))).toBeNull();
  });

  it("counts the resend time down each second to 0, then allows a resend without code", async () => {
    const { actor, calls, snap } = await atTwoFactor(
      async () => {
        throw twoFactorOn();
      },
      () => new PlatformError("Authorization", "two_factor_auth is enable. Resend time is 3"),
    );
    expect(snap().context.resendTime).toBe(3);
    actor.send({ type: "twoFactor.resend" });
    expect(calls).toHaveLength(1); // refused while counting
    await vi.advanceTimersByTimeAsync(1000);
    expect(snap().context.resendTime).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(snap().context.resendTime).toBe(0);
    expect(snap().hasTag("canResend")).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(snap().context.resendTime).toBe(0);
    actor.send({ type: "twoFactor.resend" });
    expect(snap().hasTag("loading")).toBe(true);
    await settle();
    expect(calls[1]).toEqual({ login: "ann", password: "secret1" });
    // The resend's answer names a new countdown and shows no error.
    expect(snap().context.resendTime).toBe(30);
    expect(snap().context.codeError).toBeNull();
    expect(snap().hasTag("canResend")).toBe(false);
  });

  it("sends the code with the stored credentials and succeeds, clearing them", async () => {
    const { actor, calls, snap } = await atTwoFactor(async () => account);
    actor.send({ type: "twoFactor.submit", code: "123456" });
    await settle();
    expect(calls[1]).toEqual({ login: "ann", password: "secret1", code: "123456" });
    expect(snap().status).toBe("done");
    expect(snap().output).toBe(account);
    expect(snap().context).toMatchObject({ login: "", password: "" });
  });

  it.each([
    [
      new PlatformError("InvalidParameter", "the code must contain 6 digits", { fields: { code: ["the code must contain 6 digits"] } }),
      "auth.errors.twoFaErrorCodeDigits",
    ],
    [
      new PlatformError("InvalidParameter", "Invalid parameters", { fields: { code: ["two_factor_auth: code is invalid"] } }),
      "auth.errors.twoFaErrorInvalidCode",
    ],
    [new PlatformError("Authorization", "Time expired"), "auth.errors.twoFaErrorTimeExpired"],
    [new PlatformError("InternalServerError", "boom"), "auth.errors.somethingWrong"],
  ])("maps a code failure to its message (%s)", async (error, key) => {
    const { actor, snap } = await atTwoFactor(async () => {
      throw error;
    });
    actor.send({ type: "twoFactor.submit", code: "000000" });
    await settle();
    expect(snap().hasTag("twoFactor")).toBe(true);
    expect(snap().context.codeError).toEqual({ key });
    expect(snap().context.login).toBe("ann");
  });

  it("a code failure carrying resend_time restarts the countdown from it", async () => {
    const { actor, snap } = await atTwoFactor(async () => {
      throw new PlatformError("Authorization", "Time expired", { params: { resend_time: 5 } });
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(snap().hasTag("canResend")).toBe(true);
    actor.send({ type: "twoFactor.submit", code: "111111" });
    await settle();
    expect(snap().context.codeError).toEqual({ key: "auth.errors.twoFaErrorTimeExpired" });
    expect(snap().context.resendTime).toBe(5);
    expect(snap().hasTag("canResend")).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(snap().context.resendTime).toBe(3);
  });

  it("a message ending in a number restarts the countdown too", () => {
    expect(twoFactorCodeError(toAuthError({ type: "AuthorizationException", message: "two_factor_auth is enable. Resend time is 9" }))).toBeNull();
    expect(readResendTime(toAuthError({ type: "AuthorizationException", message: "Resend time is 9" }))).toBe(9);
  });

  it("back returns to the password step and forgets the credentials", async () => {
    const { actor, snap } = await atTwoFactor(async () => account);
    actor.send({ type: "mode.back" });
    expect(snap().matches("idle")).toBe(true);
    expect(snap().context).toMatchObject({ login: "", password: "" });
    await vi.advanceTimersByTimeAsync(60_000); // no countdown left running
    expect(snap().matches("idle")).toBe(true);
  });

  it("waits for the code call before the machine is done", async () => {
    const { actor } = await atTwoFactor(async () => account);
    actor.send({ type: "twoFactor.submit", code: "123456" });
    const done = waitFor(actor, (s) => s.status === "done");
    await settle();
    await expect(done).resolves.toMatchObject({ output: account });
  });
});

describe("sign-in notice for a self-excluded account", () => {
  it("says until when, or permanently; any other AccessDenied stays the wrong-entry notice", () => {
    const until = Date.UTC(2027, 0, 9, 12);
    const excluded = (u: number | null) => toAuthError(new PlatformError("AccessDenied", "excluded", { params: { until: u, self_excluded: true } }));
    expect(signInNotice(excluded(until))).toEqual({ key: "auth.errors.selfExcluded", params: { date: "09.01.2027" } });
    expect(signInNotice(excluded(null))).toEqual({ key: "auth.errors.selfExcludedPermanent" });
    expect(signInNotice(toAuthError(new PlatformError("AccessDenied", "no")))).toEqual({ key: "auth.errors.wrongEntry" });
  });
});
