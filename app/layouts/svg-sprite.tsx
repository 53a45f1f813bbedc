import { Outlet } from "react-router";

/** The svg-sprite layout: a bare canvas that shows the icon sprite. */
export default function SvgSpriteLayout() {
  return (
    <main id="main" className="main main--sprite">
      <Outlet />
    </main>
  );
}
