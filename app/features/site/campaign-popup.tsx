import { useEffect } from "react";
import { browserCall } from "../../lib/api/browser-call";
import type { Popup } from "../../lib/api/entities";
import type { DialogRenderer } from "../../ui/dialog/dialogs";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { CmsLink } from "./cms-link";

/**
 * A campaign popup from the platform (`popups.get`): opened by `?popup=<sysname>`, previewed by
 * `#popup-preview`, or queued after login (`recordClose`: closing it records the `popup_closed`
 * event, so it shows again only after its audience event recurs; decision 0045).
 */
export const CampaignPopup: DialogRenderer = ({ entry }) => <CampaignPopupBody entry={entry} />;

function CampaignPopupBody({ entry }: { entry: Parameters<DialogRenderer>[0]["entry"] }) {
  const p = entry.props as unknown as Popup & { recordClose?: boolean; preview?: boolean };
  useEffect(() => {
    if (!p.recordClose) return;
    return () =>
      void browserCall("events.handle", "POST", { event_name: "popup_closed", event_params: JSON.stringify({ sysname: p.sysname }) }).catch(() => undefined);
  }, [p.recordClose, p.sysname]);
  return (
    <article className="campaign-popup" data-testid="campaign-popup" data-preview={p.preview ? "" : undefined}>
      {p.image && <img className="campaign-popup__image" src={p.image} alt="" width={480} height={240} />}
      <h2 id={dialogTitleId(entry)}>{p.title}</h2>
      <div className="campaign-popup__content" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.buttonLink && (
        <CmsLink className="btn btn--primary" link={p.buttonLink}>
          {p.buttonTitle}
        </CmsLink>
      )}
    </article>
  );
}
