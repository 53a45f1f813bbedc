import { Link } from "react-router";
import { dialogTitleId } from "../../ui/dialog/dialog";
import type { DialogRenderer } from "../../shell/dialog-types";

/** Why a KYC-blocked player cannot withdraw yet, and the way to the profile's verification page. */
export const VerificationPopup: DialogRenderer<"verification"> = ({ entry }) => {
  const p = entry.props;
  return (
    <article className="campaign-popup" data-testid="verification-popup">
      <h2 id={dialogTitleId(entry)}>{p.title}</h2>
      <p>{p.text}</p>
      <Link className="btn btn--primary" to={p.href}>
        {p.go}
      </Link>
    </article>
  );
};
