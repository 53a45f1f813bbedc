import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { CampaignPopupProps, CashbackPopupProps } from "../../../shell/dialog-types";
import { postRegistrationMachine, type PostRegistrationInput } from "./post-registration.machine";

const cashback = (id: string): CashbackPopupProps => ({
  id,
  title: "Cashback",
  text: "",
  payout: null,
  close: "Close",
  details: "",
  action: "",
  returnTo: "/",
});
const campaign = (sysname: string): CampaignPopupProps => ({
  id: 1,
  sysname,
  title: "Welcome",
  content: "",
  image: "",
  buttonTitle: "",
  buttonLink: "",
  audience_event: null,
  terms: null,
});

const unconfirmed = { email: { type: "email" as const, contact: "a@b.cc", is_confirmed: false, is_subscribed: true } };

function start(input: PostRegistrationInput) {
  const actor = createActor(postRegistrationMachine, { input }).start();
  return { actor, current: () => actor.getSnapshot().context.current?.name ?? null, snap: () => actor.getSnapshot() };
}

describe("post-registration machine", () => {
  it("shows email confirm, cashback and campaign in turn, moving on as each closes", () => {
    const { actor, current, snap } = start({ confirmEmailPopup: true, account: unconfirmed, cashback: cashback("1"), campaign: campaign("welcome") });
    expect(current()).toBe("emailConfirm");
    expect(snap().context.current?.props).toEqual({ email: "a@b.cc" });
    expect(snap().hasTag("showing")).toBe(true);
    actor.send({ type: "dialog.closed" });
    expect(current()).toBe("cashback");
    expect(snap().context.current?.props).toEqual(cashback("1"));
    actor.send({ type: "dialog.closed" });
    expect(current()).toBe("campaignPopup");
    actor.send({ type: "dialog.closed" });
    expect(current()).toBeNull();
    expect(snap().status).toBe("done");
  });

  it("skips the email popup when the option is off or the email is confirmed or missing", () => {
    expect(start({ confirmEmailPopup: false, account: unconfirmed, campaign: campaign("x") }).current()).toBe("campaignPopup");
    const confirmed = { email: { ...unconfirmed.email, is_confirmed: true } };
    expect(start({ confirmEmailPopup: true, account: confirmed, cashback: cashback("2") }).current()).toBe("cashback");
    expect(start({ confirmEmailPopup: true, account: { email: null } }).snap().status).toBe("done");
  });

  it("is done at once when nothing is queued", () => {
    const { snap, current } = start({ confirmEmailPopup: true, account: null });
    expect(current()).toBeNull();
    expect(snap().status).toBe("done");
    expect(snap().hasTag("showing")).toBe(false);
  });

  it("takes a popup whose data arrives while the queue runs, in SPEC order, once", () => {
    const { actor, current } = start({ confirmEmailPopup: true, account: unconfirmed });
    actor.send({ type: "queue.add", item: { name: "campaignPopup", props: campaign("c") } });
    actor.send({ type: "queue.add", item: { name: "cashback", props: cashback("3") } });
    actor.send({ type: "queue.add", item: { name: "cashback", props: cashback("4") } });
    actor.send({ type: "dialog.closed" });
    expect(current()).toBe("cashback");
    expect(actor.getSnapshot().context.current?.props).toEqual(cashback("3"));
    actor.send({ type: "dialog.closed" });
    expect(current()).toBe("campaignPopup");
  });
});
