import { useEffect } from "react";
import { Form, Link } from "react-router";
import { browserCall } from "../../lib/api/browser-call";
import { dialogTitleId } from "../../ui/dialog/dialog";
import type { DialogRenderer } from "../../shell/dialog-types";
import { SEEN_CASHBACK_KEY } from "./unseen-cashback";

/**
 * The unseen-cashback popup (SPEC §2, §4): claim it here, or close it. Every way of closing stores
 * its id as seen: the Close button is a form (without JavaScript too); with JavaScript, the
 * dialog's own close (×, Escape, the overlay) stores it as the popup goes.
 */
export const CashbackPopup: DialogRenderer<"cashback"> = ({ entry }) => {
  const p = entry.props;
  useEffect(() => () => void browserCall("storage.set", "POST", { key: SEEN_CASHBACK_KEY, value: p.id }).catch(() => undefined), [p.id]);
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cashback_id" value={p.id} />
      <input type="hidden" name="returnTo" value={p.returnTo} />
    </>
  );
  return (
    <article className="campaign-popup" data-testid="cashback-popup">
      <h2 id={dialogTitleId(entry)}>{p.title}</h2>
      <p>{p.text}</p>
      <div className="bonus__actions">
        {p.payout && (
          <Form method="post" action={p.action}>
            {hidden("payout")}
            <button type="submit" className="btn btn--primary">
              {p.payout}
            </button>
          </Form>
        )}
        <Form method="post" action={p.action}>
          {hidden("seen")}
          <button type="submit" className="btn btn--ghost">
            {p.close}
          </button>
        </Form>
      </div>
      <p>
        <Link to={p.action}>{p.details}</Link>
      </p>
    </article>
  );
};
