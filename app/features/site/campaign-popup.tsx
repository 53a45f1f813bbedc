import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { browserCall } from "../../lib/api/browser-call";
import type { DialogOf, DialogRenderer } from "../../shell/dialog-types";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { ClaimTermsNote } from "./claim-terms";
import { CmsLink } from "./cms-link";
import { useT } from "../../lib/i18n/use-t";

/**
 * A campaign popup from the platform (`popups.get`): opened by `?popup=<sysname>`, previewed by
 * `#popup-preview`, or queued after login (`recordClose`: closing it records the `popup_closed`
 * event, so it shows again only after its audience event recurs; decision 0045). The queued one
 * has a Close button, a form that records the close without JavaScript too; with JavaScript the
 * dialog's own close (×, Escape, the overlay) records it as the popup goes.
 */
export const CampaignPopup: DialogRenderer<"campaignPopup"> = ({ entry }) => <CampaignPopupBody entry={entry} />;

function CampaignPopupBody({ entry }: { entry: DialogOf<"campaignPopup"> }) {
  const p = entry.props;
  const t = useT();
  // The Close form records the close itself: then the popup going records nothing more.
  const submitted = useRef(false);
  useEffect(() => {
    if (!p.recordClose) return;
    return () => {
      if (submitted.current) return;
      // keepalive: closing and at once reloading or leaving the page must not lose the record.
      const params = { event_name: "popup_closed", event_params: JSON.stringify({ sysname: p.sysname }) };
      void browserCall("events.handle", "POST", params, { keepalive: true }).catch(() => undefined);
    };
  }, [p.recordClose, p.sysname]);
  return (
    <article className="campaign-popup" data-testid="campaign-popup" data-preview={p.preview ? "" : undefined}>
      {p.image && <img className="campaign-popup__image" src={p.image} alt="" width={480} height={240} />}
      <h2 id={dialogTitleId(entry)}>{p.title}</h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's popup text is HTML by the platform's contract (written in the back office) */}
      <div className="campaign-popup__content" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.buttonLink && (
        <CmsLink className="btn btn--primary" link={p.buttonLink}>
          {p.buttonTitle}
        </CmsLink>
      )}
      <ClaimTermsNote terms={p.terms} />
      {p.recordClose && p.closeAction && (
        <Form method="post" action={p.closeAction} onSubmit={() => void (submitted.current = true)}>
          <input type="hidden" name="intent" value="popup_closed" />
          <input type="hidden" name="sysname" value={p.sysname} />
          <input type="hidden" name="returnTo" value={p.returnTo} />
          <button type="submit" className="btn btn--ghost">
            {t("common.close")}
          </button>
        </Form>
      )}
    </article>
  );
}
