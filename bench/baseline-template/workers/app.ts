// The Worker of the bare baseline: every request goes to React Router, as in the official template.
import { createRequestHandler } from "react-router";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  fetch(request: Request) {
    return requestHandler(request);
  },
};
