import { Outlet } from "react-router";

/** The empty layout: no header, sidebar or footer (embedded forms, forbidden, maintenance). */
export default function EmptyLayout() {
  return (
    <main id="main" className="main main--empty">
      <Outlet />
    </main>
  );
}
