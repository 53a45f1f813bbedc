import { assign, enqueueActions, fromPromise, not, raise, setup } from "xstate";
import type { AccountInfo } from "../../../../core/api/entities";
import { isErrorType, readResendTime, secondsParam, selfExclusionNotice, toAuthError, type AuthError, type AuthMessage } from "./auth-error";

/** What the `login` actor sends (SPEC §3 sign-in and two-factor payloads; no code on a resend). */
export interface LoginInput {
  login: string;
  password: string;
  code?: string;
}

export type { AuthMessage } from "./auth-error";

export type SignInEvent =
  | { type: "signIn.submit"; login: string; password: string }
  | { type: "twoFactor.submit"; code: string }
  | { type: "twoFactor.resend" }
  | { type: "mode.back" }
  | { type: "notice.dismiss" }
  /** Internal: the two-factor countdown starts again from `resendTime`. */
  | { type: "countdown.restart" };

export interface SignInContext {
  /** Kept only between the password and the two-factor code (the platform's second call takes all three). */
  login: string;
  password: string;
  /** Seconds until the code may be sent again; 0 when it may. */
  resendTime: number;
  /**
   * Whether the platform sends the code, so a resend means something: it said so by naming a
   * resend time. An authenticator app's code (TOTP) names none: no resend, no countdown.
   */
  resendable: boolean;
  notice: AuthMessage | null;
  codeError: AuthMessage | null;
  account: AccountInfo | null;
}

/** Seconds to show when a 429 names no retry_after (the platform's 15-minute window). */
const DEFAULT_RETRY_AFTER = 900;

const TWO_FACTOR_ENABLED = /two_factor_auth is enable/i;

/**
 * Whether a failed sign-in asks for the two-factor code (SPEC §4): an Authorization error that
 * says two-factor is enabled or carries a resend time.
 */
export function needsTwoFactor(error: AuthError): boolean {
  if (!isErrorType(error, "Authorization")) return false;
  return TWO_FACTOR_ENABLED.test(error.message) || error.params?.two_factor_auth === true || readResendTime(error) !== null;
}

/** The notice a failed sign-in shows (SPEC §8): throttled, banned, else the wrong-entry notice. */
export function signInNotice(error: AuthError): AuthMessage {
  if (isErrorType(error, "TooManyRequests")) {
    return { key: "auth.errors.tooMany", params: { seconds: secondsParam(error.params?.retry_after) ?? DEFAULT_RETRY_AFTER } };
  }
  if (isErrorType(error, "UserBanned")) return { key: "auth.errors.banned" };
  const excluded = selfExclusionNotice(error);
  return excluded ?? { key: "auth.errors.wrongEntry" };
}

/**
 * The code field's message for a failed two-factor call (SPEC §8), or null when the answer is
 * only the platform saying the code step is on (the reply to a resend).
 */
export function twoFactorCodeError(error: AuthError): AuthMessage | null {
  if (isErrorType(error, "TooManyRequests")) return signInNotice(error);
  const texts = [
    error.message,
    ...Object.values(error.fields ?? {})
      .flat()
      .filter((m): m is string => typeof m === "string"),
  ];
  const says = (re: RegExp) => texts.some((t) => re.test(t));
  if (says(/the code must contain 6 digits/i)) return { key: "auth.errors.twoFaErrorCodeDigits" };
  if (says(/time expired/i)) return { key: "auth.errors.twoFaErrorTimeExpired" };
  if (says(/two_factor_auth: code already used/i)) return { key: "auth.errors.codeUsed" };
  if (says(/two_factor_auth: code is invalid/i)) return { key: "auth.errors.twoFaErrorInvalidCode" };
  if (says(TWO_FACTOR_ENABLED)) return null;
  return { key: "auth.errors.somethingWrong" };
}

const forget = { login: "", password: "" } as const;

/**
 * Sign-in with the two-factor step (SPEC §4 "Sign-in", "Two-factor login"): a password attempt
 * either signs in (final, output = the account), asks for the code (login and password are kept,
 * the resend countdown runs when the platform names a resend time), or shows a notice. In the code
 * step a wrong code sets the code's error, an answer naming a resend time restarts the countdown,
 * and a resend is possible at 0. A code from an authenticator app names none: no resend at all.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as AccountInfo,
  },
  actors: {
    login: fromPromise<AccountInfo, LoginInput>(async () => {
      throw new Error("signInMachine needs a `login` actor");
    }),
  },
  actions: {
    storeCredentials: assign(({ event }) => (event.type === "signIn.submit" ? { login: event.login, password: event.password } : {})),
    forgetCredentials: assign(() => ({ ...forget })),
    setAccount: assign((_, params: { account: AccountInfo }) => ({ account: params.account, ...forget })),
    setNotice: assign((_, params: { error: unknown }) => ({ notice: signInNotice(toAuthError(params.error)), ...forget })),
    clearMessages: assign({ notice: null, codeError: null }),
    startTwoFactor: assign((_, params: { error: unknown }) => {
      const seconds = readResendTime(toAuthError(params.error));
      return { resendTime: seconds ?? 0, resendable: seconds !== null, notice: null, codeError: null };
    }),
    tick: assign(({ context }) => ({ resendTime: Math.max(0, context.resendTime - 1) })),
    /** A failed code or resend: the code's message, and a fresh countdown when the answer names one. */
    applyCodeError: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const error = toAuthError(params.error);
      enqueue.assign({ codeError: twoFactorCodeError(error) });
      const seconds = readResendTime(error);
      if (seconds !== null) {
        enqueue.assign({ resendTime: seconds, resendable: true });
        enqueue(raise({ type: "countdown.restart" }));
      }
    }),
  },
  guards: {
    needsTwoFactor: (_, params: { error: unknown }) => needsTwoFactor(toAuthError(params.error)),
    resendable: ({ context }) => context.resendable,
    counting: ({ context }) => context.resendTime > 0,
    lastSecond: ({ context }) => context.resendTime <= 1,
    mayResend: ({ context }) => context.resendable && context.resendTime === 0,
  },
}).createMachine({
  id: "signIn",
  context: { ...forget, resendTime: 0, resendable: false, notice: null, codeError: null, account: null },
  initial: "idle",
  output: ({ context }) => context.account!,
  states: {
    idle: {
      initial: "blank",
      on: {
        "signIn.submit": { target: "submitting", actions: ["clearMessages", "storeCredentials"] },
      },
      states: {
        blank: {},
        notice: {
          tags: ["notice"],
          on: { "notice.dismiss": { target: "blank", actions: "clearMessages" } },
        },
      },
    },
    submitting: {
      tags: ["loading"],
      invoke: {
        src: "login",
        input: ({ context }) => ({ login: context.login, password: context.password }),
        onDone: { target: "success", actions: { type: "setAccount", params: ({ event }) => ({ account: event.output }) } },
        onError: [
          {
            guard: { type: "needsTwoFactor", params: ({ event }) => ({ error: event.error }) },
            target: "twoFactor",
            actions: { type: "startTwoFactor", params: ({ event }) => ({ error: event.error }) },
          },
          { target: "idle.notice", actions: { type: "setNotice", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    twoFactor: {
      tags: ["twoFactor"],
      type: "parallel",
      on: {
        "mode.back": { target: "idle", actions: ["forgetCredentials", "clearMessages"] },
      },
      states: {
        countdown: {
          initial: "checking",
          on: { "countdown.restart": { target: ".checking" } },
          states: {
            checking: {
              always: [{ guard: not("resendable"), target: "none" }, { guard: "counting", target: "counting" }, { target: "ready" }],
            },
            /** Nothing is sent (an authenticator's code): nothing to count down or resend. */
            none: {},
            counting: {
              after: {
                1000: [
                  { guard: "lastSecond", target: "ready", actions: "tick" },
                  { target: "counting", reenter: true, actions: "tick" },
                ],
              },
            },
            ready: { tags: ["canResend"] },
          },
        },
        code: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "twoFactor.submit": { target: "submittingCode", actions: "clearMessages" },
                "twoFactor.resend": { guard: "mayResend", target: "resending", actions: "clearMessages" },
              },
            },
            submittingCode: {
              tags: ["loading"],
              invoke: {
                src: "login",
                input: ({ context, event }) => ({
                  login: context.login,
                  password: context.password,
                  code: event.type === "twoFactor.submit" ? event.code : "",
                }),
                onDone: { target: "#signIn.success", actions: { type: "setAccount", params: ({ event }) => ({ account: event.output }) } },
                onError: { target: "editing", actions: { type: "applyCodeError", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            resending: {
              tags: ["loading"],
              invoke: {
                src: "login",
                input: ({ context }) => ({ login: context.login, password: context.password }),
                onDone: { target: "#signIn.success", actions: { type: "setAccount", params: ({ event }) => ({ account: event.output }) } },
                onError: { target: "editing", actions: { type: "applyCodeError", params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    success: { type: "final", tags: ["success"] },
  },
});
