/**
 * Identity fields account.saveProfileInfo keeps as they are once the player is verified (support can
 * change them) and while the identity is being verified; the profile page shows them as text then.
 * Apart from the entities' schemas, so the profile page's browser code needs no Zod. The country is
 * one (decision 0096): the verified document confirms it, and it decides the market's rules the
 * player is held to, which a profile edit must not change.
 */
export const IDENTITY_FIELDS: readonly string[] = [
  "first_name",
  "middle_name",
  "last_name",
  "birth_date",
  "country_code",
  "document_type",
  "document_number",
  "cpf",
];
