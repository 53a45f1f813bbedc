import { describe, expect, it } from "vitest";
import { localesAndMaintenance, type RenderScope } from "./render-scope";

/** A D1 stand-in answering the settings statement with `maintenance`, counting the reads. */
function fakeDb() {
  const db = {
    reads: 0,
    maintenance: null as string | null,
    fail: false,
    prepare: () => ({
      all: async () => {
        db.reads++;
        if (db.fail) throw new Error("D1 down");
        return {
          results: [
            { k: 0, code: "en", name: "English", icon: "", dir: "ltr", is_default: 1, position: 0, value: null },
            { k: 1, code: "maintenance", name: null, icon: null, dir: null, is_default: null, position: null, value: db.maintenance },
          ],
        };
      },
    }),
  };
  return db;
}

describe("localesAndMaintenance", () => {
  it("reads once per render scope and, without a kept read, on every call", async () => {
    const db = fakeDb();
    const scope: RenderScope = {};
    await localesAndMaintenance(db as never, scope, 0);
    await localesAndMaintenance(db as never, scope, 0);
    expect(db.reads).toBe(1);
    await localesAndMaintenance(db as never, undefined, 0);
    await localesAndMaintenance(db as never, {}, 0);
    expect(db.reads).toBe(3);
  });

  it("reuses the isolate's read for keepMs, then reads again and sees the switch flipped", async () => {
    const db = fakeDb();
    let t = 1_000_000;
    const now = () => t;
    expect((await localesAndMaintenance(db as never, {}, 1000, now)).maintenance).toBeNull();
    db.maintenance = '{"enabled":true}';
    t += 999;
    // Another request, another scope: still the kept read, no statement.
    expect((await localesAndMaintenance(db as never, {}, 1000, now)).maintenance).toBeNull();
    expect((await localesAndMaintenance(db as never, undefined, 1000, now)).maintenance).toBeNull();
    expect(db.reads).toBe(1);
    t += 1;
    expect((await localesAndMaintenance(db as never, {}, 1000, now)).maintenance).toBe('{"enabled":true}');
    expect(db.reads).toBe(2);
    // keepMs 0 (SETTINGS_CACHE_MS=0) never reuses it.
    await localesAndMaintenance(db as never, {}, 0, now);
    expect(db.reads).toBe(3);
  });

  it("keeps no failure: the next call reads again", async () => {
    const db = fakeDb();
    let t = 5_000_000;
    const now = () => t;
    db.fail = true;
    const scope: RenderScope = {};
    await expect(localesAndMaintenance(db as never, scope, 1000, now)).rejects.toThrow("D1 down");
    db.fail = false;
    t += 2000; // the read kept by the test before is stale by now
    await expect(localesAndMaintenance(db as never, scope, 1000, now)).resolves.toMatchObject({ defaultLocale: "en" });
    expect(db.reads).toBe(2);
  });
});
