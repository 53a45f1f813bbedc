import { describe, expect, it } from "vitest";
import { keepsChecking, pageForStatus, payButtons, payPageOf, payPagePath, safePaymentUrl, settledRedirect } from "./pay-pages";

describe("payment result pages", () => {
  it("read the page and its transaction from the path or the query", () => {
    expect(payPageOf("/cashier/paysuccess/tx-12345678")).toEqual({ page: "paysuccess", transaction: "tx-12345678" });
    expect(payPageOf("/cashier/paypending")).toEqual({ page: "paypending", transaction: null });
    expect(payPageOf("/cashier/paymobile", "?transaction=tx-12345678&url=x")).toEqual({ page: "paymobile", transaction: "tx-12345678" });
    // An id that cannot be a transaction's is no page (404), not a page about nothing.
    expect(payPageOf("/cashier/payfail/<script>")).toBeNull();
    expect(payPageOf("/cashier/paysuccess/%E0%A4%A")).toBeNull();
    expect(payPageOf("/cashier/paymobile", "?transaction=x")).toBeNull();
    expect(payPageOf("/cashier/paycancel/tx-12345678")).toBeNull();
    expect(payPageOf("/cashier/deposit")).toBeNull();
    expect(payPageOf("/es/cashier/paypending/tx-12345678")).toEqual({ page: "paypending", transaction: "tx-12345678" });
    // The data request of a revalidation (React Router single fetch).
    expect(payPageOf("/cashier/paypending/tx-12345678.data")).toEqual({ page: "paypending", transaction: "tx-12345678" });
    expect(payPageOf("/es/cashier/paymobile.data", "?transaction=tx-12345678")).toEqual({ page: "paymobile", transaction: "tx-12345678" });
    expect(payPageOf("/a/b/cashier/paysuccess")).toBeNull();
  });

  it("follow the transaction's real status", () => {
    expect(settledRedirect("paypending", "success")).toBe("paysuccess");
    expect(settledRedirect("paypending", "fail")).toBe("payfail");
    expect(settledRedirect("paypending", "pending")).toBeNull();
    expect(settledRedirect("paymobile", "pending")).toBeNull();
    expect(settledRedirect("paymobile", "success")).toBe("paysuccess");
    expect(settledRedirect("paynewwindow", "cancel")).toBe("paycancel");
    expect(settledRedirect("paysuccess", "new")).toBe("paypending");
    expect(settledRedirect("paysuccess", "success")).toBeNull();
    expect(pageForStatus("cancel")).toBe("paycancel");
  });

  it("build paths with the transaction where each page takes it", () => {
    expect(payPagePath("paysuccess", "tx-1")).toBe("/cashier/paysuccess/tx-1");
    expect(payPagePath("paycancel", "tx-1")).toBe("/cashier/paycancel?transaction=tx-1");
    expect(payPagePath("payfail", null)).toBe("/cashier/payfail");
  });

  it("keep checking only while a waiting page's payment is in progress", () => {
    expect(keepsChecking("paypending", "pending")).toBe(true);
    expect(keepsChecking("paymobile", "new")).toBe(true);
    expect(keepsChecking("paypending", null)).toBe(false);
    expect(keepsChecking("paysuccess", "pending")).toBe(false);
  });

  it("show SPEC §2's buttons", () => {
    const opts = { transaction: true, checking: false, paymentUrl: false };
    expect(payButtons("paysuccess", opts)).toEqual(["gamehall", "receipt"]);
    expect(payButtons("paysuccess", { ...opts, transaction: false })).toEqual(["gamehall"]);
    expect(payButtons("payfail", opts)).toEqual(["deposit"]);
    expect(payButtons("paycancel", opts)).toEqual(["deposit"]);
    expect(payButtons("paynewwindow", opts)).toEqual(["deposit"]);
    expect(payButtons("paypending", { ...opts, checking: true })).toEqual(["checkAgain"]);
    expect(payButtons("paymobile", { ...opts, checking: true, paymentUrl: true })).toEqual(["paymentPage", "checkAgain", "deposit"]);
  });

  it("link only to this site or https payment pages", () => {
    const origin = "https://casino.example";
    expect(safePaymentUrl("/platform/demo/payment?t=1", origin)).toBe("/platform/demo/payment?t=1");
    expect(safePaymentUrl("https://casino.example/pay?x=1", origin)).toBe("/pay?x=1");
    expect(safePaymentUrl("https://psp.example/pay", origin)).toBe("https://psp.example/pay");
    expect(safePaymentUrl("javascript:alert(1)", origin)).toBeNull();
    expect(safePaymentUrl("//evil.example/x", origin)).toBeNull();
    expect(safePaymentUrl("http://psp.example/pay", origin)).toBeNull();
    expect(safePaymentUrl(null, origin)).toBeNull();
  });

  it("refuses paths a browser reads as another host (tab, newline, backslash, dot segments)", () => {
    const origin = "https://casino.example";
    for (const v of ["/\t/evil.example", "/\n/evil.example", "/\\evil.example", "\\/evil.example", "/\r\n/evil.example"]) {
      expect(safePaymentUrl(v, origin), JSON.stringify(v)).toBeNull();
    }
    expect(safePaymentUrl("/.//evil.example", origin)).toBe("/evil.example");
    // Same scheme, no slashes: a browser on the site reads it as a path of the site too.
    expect(safePaymentUrl("https:evil.example", origin)).toBe("/evil.example");
  });
});
