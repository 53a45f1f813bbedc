import { PlatformError } from "../../../core/api/errors";
import type { MethodDecl } from "../../../core/api/define";

/** Query keys every call may carry (SPEC §7) that are not method parameters. */
export const TRANSPORT_KEYS = new Set(["v", "_non_strict"]);

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

/** Reads a call's raw parameters: the query for GET, the form body for POST. */
export async function readRawParams(request: Request, decl: MethodDecl, pathValue: string | undefined): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!TRANSPORT_KEYS.has(k)) raw[k] = v;

  if (request.method === "POST") {
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) {
      throw new PlatformError("InvalidRequest", "POST bodies must be multipart/form-data", { status: 415 });
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new PlatformError("InvalidRequest", "The request body is not valid form data");
    }
    for (const [k, v] of form) {
      if (typeof v !== "string") {
        throw new PlatformError("InvalidParameter", `Parameter '${k}' must be text, not a file`, {
          fields: { [k]: ["must be text"] },
        });
      }
      if (!TRANSPORT_KEYS.has(k)) raw[k] = v;
    }
  }
  if (decl.pathParam && pathValue !== undefined) raw[decl.pathParam] = decodeURIComponent(pathValue);
  return raw;
}
