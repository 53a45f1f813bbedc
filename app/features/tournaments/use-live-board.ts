import { startTransition, useEffect, useState } from "react";
import type { Leaderboard } from "../../../core/api/contract-tournaments";
import { applyBoardMessage, initialBoard, type BoardState } from "./board-state";

/**
 * The server-rendered board, then kept current by the tournament's live board (pushed, no
 * polling). The socket module is imported after hydration; a finished tournament's board no
 * longer moves, so it opens none. `open` says whether the live socket is connected now.
 */
export function useLiveBoard(board: Leaderboard, live: boolean): { state: BoardState; open: boolean } {
  const [state, setState] = useState(() => initialBoard(board));
  const [open, setOpen] = useState(false);
  useEffect(() => setState(initialBoard(board)), [board]);
  useEffect(() => {
    if (!live) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./board-feed").then(({ openBoardFeed }) => {
      if (cancelled) return;
      stop = openBoardFeed({
        origin: window.location.origin,
        tournamentId: board.tournament_id,
        // A transition: the first change loads the rows' code (leaderboard-table.tsx), and the
        // old rows stay on screen meanwhile instead of the boundary's empty fallback.
        onMessage: (m) => startTransition(() => setState((s) => applyBoardMessage(s, board.tournament_id, m))),
        onState: setOpen,
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [board.tournament_id, live]);
  return { state, open };
}
