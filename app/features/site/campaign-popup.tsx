import { Link } from "react-router";
import type { Popup } from "../../lib/api/entities";
import type { DialogRenderer } from "../../ui/dialog/dialogs";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { useLocalePath } from "./use-root-data";

/** A campaign popup from the platform (`popups.get`), opened by `?popup=<sysname>`. */
export const CampaignPopup: DialogRenderer = ({ entry }) => <CampaignPopupBody entry={entry} />;

function CampaignPopupBody({ entry }: { entry: Parameters<DialogRenderer>[0]["entry"] }) {
  const to = useLocalePath();
  const p = entry.props as unknown as Popup;
  return (
    <article className="campaign-popup">
      {p.image && <img className="campaign-popup__image" src={p.image} alt="" width={480} height={240} />}
      <h2 id={dialogTitleId(entry)}>{p.title}</h2>
      <div className="campaign-popup__content" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.buttonLink && (
        <Link className="btn btn--primary" to={to(p.buttonLink)}>
          {p.buttonTitle}
        </Link>
      )}
    </article>
  );
}
