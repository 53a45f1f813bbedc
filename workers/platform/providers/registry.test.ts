import { describe, expect, it } from "vitest";
import { ProviderRegistry } from "./registry";

/** The registries every third party's seam is built on (platform/providers/registry.ts). */
const on = { APP_ENV: "local" } as Env;
const off = { APP_ENV: "production" } as Env;
const onlyLocal = (env: Env) => env.APP_ENV !== "production";

describe("ProviderRegistry", () => {
  it("answers a registered provider by name only where it is offered, and null for any other name", () => {
    const registry = new ProviderRegistry<string>();
    expect(registry.named(on, "demo")).toBeNull();
    registry.register({ name: "demo", offered: onlyLocal, provider: "the demo" });
    expect(registry.named(on, "demo")).toBe("the demo");
    expect(registry.named(off, "demo")).toBeNull();
    expect(registry.named(on, "other")).toBeNull();
    // Names are data from the database and URLs: an Object.prototype key is no provider.
    expect(registry.named(on, "toString")).toBeNull();
    expect(registry.named(on, "__proto__")).toBeNull();
  });

  it("answers the first provider offered, or null when none is", () => {
    const registry = new ProviderRegistry<string>();
    expect(registry.first(on)).toBeNull();
    registry.register({ name: "demo", offered: onlyLocal, provider: "the demo" });
    registry.register({ name: "real", offered: () => true, provider: "the real one" });
    expect(registry.first(on)).toBe("the demo");
    expect(registry.first(off)).toBe("the real one");
  });

  it("replaces a registration of the same name, so installing twice changes nothing", () => {
    const registry = new ProviderRegistry<string>();
    registry.register({ name: "demo", offered: onlyLocal, provider: "first" });
    registry.register({ name: "demo", offered: () => true, provider: "second" });
    expect(registry.named(off, "demo")).toBe("second");
    expect(registry.first(on)).toBe("second");
  });
});
