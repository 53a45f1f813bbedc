import { describe, expect, it } from "vitest";
import { isGameScreen } from "./game-screen";

describe("isGameScreen", () => {
  it("is true for any path containing /game/", () => {
    expect(isGameScreen("/game/aurora_phoenix")).toBe(true);
    expect(isGameScreen("/es/game/aurora_phoenix")).toBe(true);
    expect(isGameScreen("/platform/game/custom/x/play")).toBe(true);
  });
  it("is false elsewhere", () => {
    expect(isGameScreen("/gamehall")).toBe(false);
    expect(isGameScreen("/game")).toBe(false);
    expect(isGameScreen("/")).toBe(false);
    expect(isGameScreen("/profile/games")).toBe(false);
  });
});
