import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { GameHistoryExport } from "../../../core/api/entities-games";
import { formatDate, formatDateTime } from "../../../core/dates";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

const RECHECK_MS = 3000;

/** While an export is being built, the page re-reads the list every few seconds (with JavaScript). */
function useRecheckWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
}

/**
 * The player's last exports: period, status with, once ready, the file (a plain download link), the
 * rounds in it and when it was asked for. The link sits with the status, near the start of the row,
 * so a phone shows it without scrolling the table sideways; the request time, the least needed, is
 * last and left out on phones.
 */
export function ExportList({ exports }: { exports: GameHistoryExport[] }) {
  const t = useT();
  const to = useLocalePath();
  const pending = exports.some((e) => e.status === "pending");
  useRecheckWhilePending(pending);
  if (exports.length === 0) return <p className="notice profile-games__empty">{t("profileGames.exports.none")}</p>;
  return (
    <>
      {pending && (
        <p className="notice" role="status">
          {t("profileGames.exports.preparing")} <Link to={to("/profile/bets/exports")}>{t("profileGames.exports.refresh")}</Link>
        </p>
      )}
      <div className="profile-games__scroll">
        <table className="profile-games__table">
          <thead>
            <tr>
              <th scope="col">{t("profileGames.exports.period")}</th>
              <th scope="col">{t("profileGames.exports.status")}</th>
              <th scope="col" className="num">
                {t("profileGames.exports.rows")}
              </th>
              <th scope="col" className="profile-export__requested">
                {t("profileGames.exports.requestedAt")}
              </th>
            </tr>
          </thead>
          <tbody>
            {exports.map((e) => (
              <tr key={e.id} data-export={e.id} data-status={e.status}>
                <td className="profile-export__period">
                  {formatDate(e.from)}
                  {"\u00a0– "}
                  <span className="profile-export__to">{formatDate(e.to)}</span>
                </td>
                <td>
                  <span className={`profile-export-status profile-export-status--${e.status}`}>{t(`profileGames.exports.statuses.${e.status}`)}</span>
                  {e.truncated && <span className="profile-export-status__note"> {t("profileGames.exports.truncated")}</span>}
                  {e.status === "ready" && (
                    <a href={e.download_url} download className="profile-export__download">
                      {t("profileGames.exports.download")}
                    </a>
                  )}
                </td>
                <td className="num">{e.status === "ready" ? e.rows : "—"}</td>
                <td className="profile-export__requested">{formatDateTime(e.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
