import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";
import { playerDb } from "./player-db";

describe("games.getLikes / addLike / removeLike", () => {
  it("adds and removes likes, newest first, idempotently", async () => {
    const { browser, uid } = await registerPlayer();
    expect(await data(browser.get("games/getLikes"))).toEqual([]);
    expect(await data(browser.post("games/addLike", { sysname: "golden_phoenix" }))).toBe(1);
    // A minute ago, rather than a sleep: the next like is the newer one whatever the clock's resolution.
    await playerDb(uid).prepare("UPDATE game_likes SET created_at = created_at - 60000 WHERE uid = ?1").bind(uid).run();
    expect(await data(browser.post("games/addLike", { sysname: "samurai_empire" }))).toBe(1);
    expect(await data(browser.post("games/addLike", { sysname: "golden_phoenix" }))).toBe(1);
    expect(await data(browser.get("games/getLikes"))).toEqual(["samurai_empire", "golden_phoenix"]);

    expect(await data(browser.post("games/removeLike", { sysname: "samurai_empire" }))).toBe(1);
    expect(await data(browser.post("games/removeLike", { sysname: "samurai_empire" }))).toBe(1);
    expect(await data(browser.get("games/getLikes"))).toEqual(["golden_phoenix"]);
  });

  it("keeps each player's likes apart", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    await data(a.browser.post("games/addLike", { sysname: "golden_phoenix" }));
    expect(await data(b.browser.get("games/getLikes"))).toEqual([]);
  });

  it("answers 401 to visitors", async () => {
    await failure(get("games/getLikes"), 401, "AuthorizationException");
    await failure(post("games/addLike", { sysname: "golden_phoenix" }), 401, "AuthorizationException");
    await failure(post("games/removeLike", { sysname: "golden_phoenix" }), 401, "AuthorizationException");
  });

  it("refuses unknown, missing or malformed sysnames and the wrong verb", async () => {
    const { browser } = await registerPlayer();
    const unknown = await failure(browser.post("games/addLike", { sysname: "no_such_game" }), 400, "InvalidParameterException");
    expect(unknown.invalid_parameters?.sysname?.[0]).toMatch(/unknown game/);
    await failure(browser.post("games/removeLike", { sysname: "no_such_game" }), 400, "InvalidParameterException");
    const missing = await failure(browser.post("games/addLike", {}), 400, "InvalidParameterException");
    expect(missing.invalid_parameters?.sysname).toBeDefined();
    await failure(browser.post("games/addLike", { sysname: "Golden Phoenix" }), 400, "InvalidParameterException");
    await failure(browser.get("games/addLike", { sysname: "golden_phoenix" }), 405, "InvalidRequestException");
    await failure(browser.post("games/getLikes"), 405, "InvalidRequestException");
  });
});
