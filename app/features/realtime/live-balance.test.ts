import { describe, expect, it } from "vitest";
import { chooseBalanceText, getLiveBalance, setLiveBalance } from "./live-balance";

const split = { main: "$0", bonus: "$0", betting: "$0" };

describe("live balance", () => {
  it("keeps the newest value of a player: a late, older answer is ignored", () => {
    setLiveBalance({ uid: 1, text: "$10", split, at: 2000 });
    setLiveBalance({ uid: 1, text: "$5", split, at: 1000 });
    expect(getLiveBalance()?.text).toBe("$10");
    setLiveBalance({ uid: 1, text: "$20", split, at: 2000 });
    expect(getLiveBalance()?.text).toBe("$20");
    // Another player (signed in in this tab since) replaces it whatever its time.
    setLiveBalance({ uid: 2, text: "€1", split, at: 10 });
    expect(getLiveBalance()).toEqual({ uid: 2, text: "€1", split, at: 10 });
  });

  it("shows the live value only when it is the same player's and not older than the page's", () => {
    const live = { uid: 1, text: "$50", split, at: 5000 };
    expect(chooseBalanceText(null, 1, "$0", 4000)).toBe("$0");
    expect(chooseBalanceText(live, 1, "$0", 4000)).toBe("$50");
    expect(chooseBalanceText(live, 1, "$0", 5000)).toBe("$50");
    // A revalidation read after the event wins (it is as new or newer).
    expect(chooseBalanceText(live, 1, "$70", 6000)).toBe("$70");
    expect(chooseBalanceText(live, 2, "$0", 0)).toBe("$0");
  });
});
