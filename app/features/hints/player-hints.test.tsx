import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createT } from "../../lib/i18n/translate";
import { HintNotices, type HintNoticesProps } from "./player-hints";

const t = createT({
  hints: {
    registration: { text: "Deposit now.", action: "Deposit" },
    confirm: {
      email: "Confirm {{contact}}.",
      phone: "Confirm phone {{contact}}.",
      action: "Send",
      sending: "Sending",
      sent: "Sent!",
      failed: "Failed.",
      enterCode: "Enter the code",
    },
  },
});
const email = { type: "email" as const, contact: "ana@example.com", is_confirmed: false, is_subscribed: true };

function render(props: Partial<HintNoticesProps>) {
  const all: HintNoticesProps = {
    hints: { registration: false, confirmContact: null },
    send: { status: "idle" },
    t,
    depositPath: "/es/cashier/deposit",
    settingsPath: "/es/profile/settings",
    onDismiss: () => {},
    onConfirm: () => {},
    ...props,
  };
  return renderToStaticMarkup(
    <MemoryRouter>
      <HintNotices {...all} />
    </MemoryRouter>,
  );
}

describe("HintNotices", () => {
  it("links the registration hint to the locale's deposit page", () => {
    const html = render({ hints: { registration: true, confirmContact: null } });
    expect(html).toContain('href="/es/cashier/deposit"');
    expect(html).toContain("Deposit now.");
    expect(html).not.toContain('data-hint="confirm-contact"');
  });
  it("offers to send a confirmation to the login contact, isolated for right-to-left text", () => {
    const html = render({ hints: { registration: false, confirmContact: email } });
    expect(html).toContain("Confirm \u2068ana@example.com\u2069.");
    expect(html).toContain(">Send</button>");
    expect(html).not.toContain('data-hint="registration"');
  });
  it("shows one notice at a time: the deposit first, the contact's confirmation after it", () => {
    const both = render({ hints: { registration: true, confirmContact: email } });
    expect(both).toContain('data-hint="registration"');
    expect(both).not.toContain('data-hint="confirm-contact"');
    expect(render({ hints: { registration: false, confirmContact: email } })).toContain('data-hint="confirm-contact"');
  });
  it("shows the sending, sent and failed states", () => {
    const hints = { registration: false, confirmContact: email };
    expect(render({ hints, send: { status: "sending" } })).toMatch(/disabled="".*>Sending<\/button>/);
    const sent = render({ hints, send: { status: "sent" } });
    expect(sent).toContain("Sent!");
    // Where the code goes: the profile's contacts, in the page's locale.
    expect(sent).toMatch(/href="\/es\/profile\/settings"[^>]*>Enter the code</);
    const tooSoon = render({ hints, send: { status: "failed", message: "Try again in 45 seconds" } });
    expect(tooSoon).toContain("Try again in 45 seconds");
    expect(tooSoon).toMatch(/href="\/es\/profile\/settings"[^>]*>Enter the code</);
    expect(render({ hints, send: { status: "failed", message: null } })).toContain("Failed.");
  });
});
