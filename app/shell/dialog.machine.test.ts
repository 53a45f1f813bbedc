import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { DialogEntry } from "./dialog-types";
import { dialogMachine } from "./dialog.machine";
import { dialogId } from "../ui/dialog/ids";

/** A dialog known by its label (its id): the machine reads nothing else of it. */
const d = (label: string, preventClose = false): DialogEntry => ({ id: label, kind: "popup", name: "emailConfirm", props: { email: "" }, preventClose });

function start(initial?: DialogEntry[]) {
  const lockScroll = vi.fn();
  const unlockScroll = vi.fn();
  const actor = createActor(dialogMachine.provide({ actions: { lockScroll, unlockScroll } }), { input: { stack: initial } }).start();
  const names = () => actor.getSnapshot().context.stack.map((x) => x.id);
  return { actor, names, lockScroll, unlockScroll };
}

describe("dialog machine", () => {
  it("locks scroll while any dialog is open and unlocks when none remain", () => {
    const { actor, names, lockScroll, unlockScroll } = start();
    expect(actor.getSnapshot().hasTag("scrollLocked")).toBe(false);
    const a = d("a");
    const b = d("b");
    actor.send({ type: "dialog.open", dialog: a });
    actor.send({ type: "dialog.open", dialog: b });
    expect(names()).toEqual(["a", "b"]);
    expect(actor.getSnapshot().hasTag("scrollLocked")).toBe(true);
    expect(lockScroll).toHaveBeenCalledTimes(1);
    actor.send({ type: "dialog.close" });
    expect(names()).toEqual(["a"]);
    expect(unlockScroll).not.toHaveBeenCalled();
    actor.send({ type: "dialog.close", id: a.id });
    expect(names()).toEqual([]);
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(unlockScroll).toHaveBeenCalledTimes(1);
  });

  it("refuses to close a preventClose dialog unless forced", () => {
    const { actor, names } = start();
    const locked = d("locked", true);
    actor.send({ type: "dialog.open", dialog: locked });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.closeAll" });
    expect(names()).toEqual(["locked"]);
    actor.send({ type: "dialog.close", id: locked.id, force: true });
    expect(names()).toEqual([]);
  });

  it("shows queued dialogs one at a time once the stack is empty", () => {
    const { actor, names } = start();
    actor.send({ type: "dialog.enqueue", dialog: d("emailConfirm") });
    actor.send({ type: "dialog.enqueue", dialog: d("cashback") });
    actor.send({ type: "dialog.enqueue", dialog: d("campaign") });
    expect(names()).toEqual(["emailConfirm"]);
    actor.send({ type: "dialog.close" });
    expect(names()).toEqual(["cashback"]);
    actor.send({ type: "dialog.close" });
    expect(names()).toEqual(["campaign"]);
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
  });

  it("starts open with dialogs the URL named, scroll locked", () => {
    const { actor, names, lockScroll } = start([d("campaignPopup")]);
    expect(actor.getSnapshot().matches("open")).toBe(true);
    expect(names()).toEqual(["campaignPopup"]);
    expect(lockScroll).toHaveBeenCalledTimes(1);
  });

  it("closeAll keeps only dialogs that prevent closing, unless forced", () => {
    const { actor, names } = start();
    actor.send({ type: "dialog.open", dialog: d("a") });
    actor.send({ type: "dialog.open", dialog: d("b", true) });
    actor.send({ type: "dialog.closeAll" });
    expect(names()).toEqual(["b"]);
    actor.send({ type: "dialog.closeAll", force: true });
    expect(names()).toEqual([]);
  });
});

describe("dialog ids", () => {
  it("are 21 URL-safe characters and unique", () => {
    const ids = new Set(Array.from({ length: 500 }, dialogId));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });
});
