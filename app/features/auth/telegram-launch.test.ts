import { describe, expect, it } from "vitest";
import { telegramLaunchPayload } from "./telegram-launch";

/** A launch fragment as Telegram Desktop sends it (the shape of Telegram's own documentation example). */
const DESKTOP =
  "#tgWebAppData=query_id%3DAAHdF6IQAAAAAN0XohDhrOrc%26user%3D%257B%2522id%2522%253A279058397%252C%2522first_name%2522%253A%2522Vladislav%2522%252C%2522last_name%2522%253A%2522Kibenko%2522%252C%2522username%2522%253A%2522vdkfrost%2522%252C%2522language_code%2522%253A%2522ru%2522%252C%2522is_premium%2522%253Atrue%257D%26auth_date%3D1662771648%26hash%3Dc501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2" +
  "&tgWebAppVersion=6.7&tgWebAppPlatform=tdesktop&tgWebAppThemeParams=%7B%22bg_color%22%3A%22%2317212b%22%2C%22text_color%22%3A%22%23f5f5f5%22%7D";

const DESKTOP_INIT_DATA =
  "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2";

/** Builds initData and its fragment the way Telegram's clients encode them. */
function launch(user: Record<string, unknown> | string, extra: Record<string, string> = {}) {
  const fields = new URLSearchParams({
    user: typeof user === "string" ? user : JSON.stringify(user),
    chat_instance: "-3788475317572404878",
    chat_type: "private",
    auth_date: "1729180000",
    signature: "6fbdaab833d39f54518bd5c3eb3f511d035e68cb5ndMYPyDT0nn2RTbWGb6DQ2dj5FCe82rn-2H6ezI5AGDg",
    hash: "a0a1f2d3e4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5",
    ...extra,
  });
  const initData = fields.toString().replaceAll("+", "%20");
  return { initData, hash: `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android` };
}

describe("telegramLaunchPayload", () => {
  it("reads a Telegram Desktop launch", () => {
    expect(telegramLaunchPayload(DESKTOP)).toEqual({
      is_tg: "1",
      id: "279058397",
      username: "vdkfrost",
      hash: "c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2",
      language_code: "ru",
      payload: DESKTOP_INIT_DATA,
    });
  });

  it("passes initData on byte for byte, since the platform checks its signature", () => {
    const user = {
      id: 7_012_345_678,
      first_name: "José Ñ",
      last_name: "أحمد",
      username: "jose_n",
      language_code: "es",
      allows_write_to_pm: true,
      photo_url: "https://t.me/i/userpic/320/x.svg",
    };
    const { initData, hash } = launch(user);
    const payload = telegramLaunchPayload(hash);
    expect(payload).toMatchObject({ id: "7012345678", username: "jose_n", language_code: "es" });
    expect(payload?.payload).toBe(initData);
  });

  it("accepts the fragment with or without '#' and after other fragment keys", () => {
    const { hash } = launch({ id: 42, first_name: "A" });
    expect(telegramLaunchPayload(hash.slice(1))?.id).toBe("42");
    expect(telegramLaunchPayload(`#tgWebAppStartParam=ref1&${hash.slice(1)}`)?.id).toBe("42");
  });

  it("leaves optional user fields empty", () => {
    const payload = telegramLaunchPayload(launch({ id: 42, first_name: "No Username" }).hash);
    expect(payload).toMatchObject({ id: "42", username: "", language_code: "" });
  });

  it("is null without launch data", () => {
    for (const h of ["", "#", "#real", "#popup-preview", "#tgWebAppVersion=8.0&tgWebAppPlatform=ios", "#tgWebAppData=", "#tgWebAppData"]) {
      expect(telegramLaunchPayload(h)).toBeNull();
    }
  });

  it("is null for malformed launch data", () => {
    const broken = [
      launch("{not json").hash,
      launch("null").hash,
      launch("[1,2]").hash,
      launch({ first_name: "no id" }).hash,
      launch({ id: "42", first_name: "id as text" }).hash,
      launch({ id: -5 }).hash,
      launch({ id: 1.5 }).hash,
      launch({ id: 42 }, { hash: "" }).hash,
      launch({ id: 42 }, { hash: "not-hex!" }).hash,
      launch({ id: 42 }, { hash: "abc123" }).hash, // too short for HMAC-SHA256
      launch({ id: 42 }, { hash: "C501B71E775F74CE10E377DEA85A7EA24ECD640B223EA86DFE453E0EAED2E2B2" }).hash,
      "#tgWebAppData=%E0%A4%A", // broken percent-encoding
      `#tgWebAppData=${encodeURIComponent("auth_date=1&hash=abc")}`, // no user
      launch({ id: 42, first_name: "x".repeat(4000) }).hash, // longer than the registration call takes
    ];
    for (const h of broken) expect(telegramLaunchPayload(h)).toBeNull();
  });
});
