import type { DialogRenderer } from "../../shell/dialog-types";
import { dialogTitleId } from "./dialog";

/** Confirm dialog (SPEC §3): content, agree and reject buttons; resolves true or false. */
export const ConfirmDialog: DialogRenderer<"confirm"> = ({ entry, close }) => {
  const p = entry.props;
  return (
    <div className="confirm">
      <p id={dialogTitleId(entry)} className="confirm__content">
        {p.content}
      </p>
      <div className="confirm__actions">
        <button type="button" className="btn btn--ghost" onClick={() => close(false)}>
          {p.textReject}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => close(true)}>
          {p.textAgree}
        </button>
      </div>
    </div>
  );
};
