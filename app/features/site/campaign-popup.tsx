import type { Popup } from "../../lib/api/entities";
import type { DialogRenderer } from "../../ui/dialog/dialogs";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { CmsLink } from "./cms-link";

/** A campaign popup from the platform (`popups.get`), opened by `?popup=<sysname>`. */
export const CampaignPopup: DialogRenderer = ({ entry }) => <CampaignPopupBody entry={entry} />;

function CampaignPopupBody({ entry }: { entry: Parameters<DialogRenderer>[0]["entry"] }) {
  const p = entry.props as unknown as Popup;
  return (
    <article className="campaign-popup">
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
