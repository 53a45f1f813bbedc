import { describe, expect, it } from "vitest";
import { DocumentsFirst, RenderGate } from "./gate";

const tick = () => new Promise<void>((r) => setTimeout(r, 0));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A render that records when it started. */
function recorder() {
  const started: string[] = [];
  return { started, task: (name: string) => async () => void started.push(name) };
}

describe("image renders wait for documents", () => {
  it("a render starts only once the page being answered has sent its last byte", async () => {
    const documents = new DocumentsFirst();
    const gate = new RenderGate(2, 4, documents, 5_000);
    const { started, task } = recorder();
    const end = documents.begin();
    const render = gate.run(task("cover"));
    await sleep(30);
    expect(started).toEqual([]);
    end();
    await render;
    expect(started).toEqual(["cover"]);
  });

  it("every open page holds renders back, and the last one to finish lets them go", async () => {
    const documents = new DocumentsFirst();
    const gate = new RenderGate(2, 4, documents, 5_000);
    const { started, task } = recorder();
    const first = documents.begin();
    const second = documents.begin();
    const renders = Promise.all([gate.run(task("a")), gate.run(task("b"))]);
    await sleep(20);
    first();
    first(); // ending twice does not end another page
    await sleep(20);
    expect(started).toEqual([]);
    second();
    await renders;
    expect(started.sort()).toEqual(["a", "b"]);
  });

  it("a page that never finishes holds a render back no longer than the defer bound", async () => {
    const documents = new DocumentsFirst();
    const gate = new RenderGate(1, 0, documents, 40);
    const { started, task } = recorder();
    documents.begin();
    const render = gate.run(task("cover"));
    await sleep(10);
    expect(started).toEqual([]);
    await render;
    expect(started).toEqual(["cover"]);
  });

  it("a page left open (the player hung up mid-stream) lapses", async () => {
    let now = 0;
    const documents = new DocumentsFirst(7_000, () => now);
    documents.begin();
    expect(documents.inFlight).toBe(1);
    now = 7_000;
    expect(documents.inFlight).toBe(0);
  });

  it("with no page open, a render still lets I/O that is already due run first", async () => {
    const documents = new DocumentsFirst();
    const gate = new RenderGate(2, 4, documents, 5_000);
    const order: string[] = [];
    setTimeout(() => order.push("page I/O"), 0);
    await gate.run(async () => void order.push("render"));
    expect(order).toEqual(["page I/O", "render"]);
  });

  it("the slots and the queue still bound renders while they wait", async () => {
    const documents = new DocumentsFirst();
    const gate = new RenderGate(1, 1, documents, 5_000);
    const end = documents.begin();
    const { started, task } = recorder();
    const first = gate.run(task("a"));
    const second = gate.run(task("b"));
    await tick();
    expect(await gate.run(task("c"))).toBeNull();
    expect(gate.load).toEqual({ active: 1, waiting: 1 });
    end();
    await Promise.all([first, second]);
    expect(started).toEqual(["a", "b"]);
  });
});
