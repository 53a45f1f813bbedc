/** Query keys that name a dialog, and the keys that go with them (removed on close). */
export const URL_DIALOG_KEYS = [
  "popup",
  "prevent_close",
  "show_popup_auth",
  "show_popup_reg",
  "auth_mode",
  "reg_type",
  "reg_country",
  "reset_token",
  "show_popup_verification",
  "cashback_seen",
] as const;
