import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { GameHistoryExport } from "../../../core/api/entities-games";
import { formatDate, formatDateTime } from "../../../core/dates";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { type Column, DataTable } from "../../ui/table/data-table";

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
  const columns: Column<GameHistoryExport>[] = [
    {
      key: "period",
      header: t("profileGames.exports.period"),
      className: "profile-export__period",
      cell: (e) => (
        <>
          {formatDate(e.from)}
          {"\u00a0– "}
          <span className="profile-export__to">{formatDate(e.to)}</span>
        </>
      ),
    },
    {
      key: "status",
      header: t("profileGames.exports.status"),
      cell: (e) => (
        <>
          <span className={`profile-export-status profile-export-status--${e.status}`}>{t(`profileGames.exports.statuses.${e.status}`)}</span>
          {e.truncated && <span className="profile-export-status__note"> {t("profileGames.exports.truncated")}</span>}
          {e.status === "ready" && (
            <a href={e.download_url} download className="profile-export__download">
              {t("profileGames.exports.download")}
            </a>
          )}
        </>
      ),
    },
    { key: "rows", header: t("profileGames.exports.rows"), headerClassName: "num", className: "num", cell: (e) => (e.status === "ready" ? e.rows : "—") },
    {
      key: "requested",
      header: t("profileGames.exports.requestedAt"),
      headerClassName: "profile-export__requested",
      className: "profile-export__requested",
      cell: (e) => formatDateTime(e.created_at),
    },
  ];
  const empty = <p className="notice profile-games__empty">{t("profileGames.exports.none")}</p>;
  if (exports.length === 0) return empty;
  return (
    <>
      {pending && (
        <p className="notice" role="status">
          {t("profileGames.exports.preparing")} <Link to={to("/profile/bets/exports")}>{t("profileGames.exports.refresh")}</Link>
        </p>
      )}
      <DataTable
        rows={exports}
        columns={columns}
        rowKey={(e) => e.id}
        rowProps={(e) => ({ "data-export": e.id, "data-status": e.status })}
        empty={empty}
        scrollClassName="profile-games__scroll"
        tableClassName="profile-games__table"
      />
    </>
  );
}
