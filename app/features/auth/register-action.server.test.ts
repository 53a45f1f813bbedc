import { describe, expect, it } from "vitest";
import cms from "../../../migrations/seed/cms/en.json";
import type { CmsConfig } from "../../../core/api/cms";
import type { PlatformClient } from "../../lib/api/client";
import { registerFromForm } from "./register-action.server";

/** A platform that knows no personal-data fields (the email + password fallback) and records auth.register. */
function recordingPlatform() {
  const sent: Record<string, unknown>[] = [];
  const platform = {
    call: async (method: string, params: Record<string, unknown>) => {
      if (method === "auth.register") sent.push(params);
      return method === "account.getPersonalDataFields" ? { fields: [] } : {};
    },
  } as unknown as PlatformClient;
  return { platform, sent };
}

function authConfig(showCharacterSelect: boolean): CmsConfig["auth"] {
  const auth = structuredClone(cms.auth) as CmsConfig["auth"];
  auth.registrationOptions.showCharacterSelect = showCharacterSelect;
  return auth;
}

const form = { email: "hero@example.com", password: "secret12", terms: "1", character_id: "2", reg_type: "fast" };

describe("registerFromForm (registration without JavaScript)", () => {
  it("sends the chosen character when the operator's character select is on", async () => {
    const { platform, sent } = recordingPlatform();
    const outcome = await registerFromForm(form, { platform, config: authConfig(true), t: (k) => k, locale: "en" });
    expect(outcome).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ email: "hero@example.com", character_id: "2", locale: "en" });
  });

  it("drops a posted character when the select is off (the form never showed it)", async () => {
    const { platform, sent } = recordingPlatform();
    await registerFromForm(form, { platform, config: authConfig(false), t: (k) => k, locale: "en" });
    expect(sent[0]).not.toHaveProperty("character_id");
  });
});
