/**
 * Who an offer is for (decision 0043), as SQL over offer `o` and player `u`, so the list, one offer,
 * taking it, a deposit naming it and the cron all read the same rule. Availability runs from the
 * clock (starts_at/ends_at), not from what the cron last announced: the cron only tells players.
 */

/** `o`'s deposits segment (new players / depositors) fits `u`: read from the player's own deposits. */
export const FITS_DEPOSITS = `(o.segment_deposits = 'any' OR (o.segment_deposits = 'some') =
      EXISTS (SELECT 1 FROM cashier_transactions d WHERE d.uid = u.uid AND d.type = 'deposit' AND d.status = 'success'))`;

/** The rest of `o`'s segment: country, locale, and it grants something in u's currency (the site's side and u's mirrored row). */
export const FITS_SITE_SEGMENT = `(json_array_length(o.segment_countries) = 0 OR EXISTS (SELECT 1 FROM json_each(o.segment_countries) WHERE value = u.country_code))
  AND (json_array_length(o.segment_locales) = 0 OR EXISTS (SELECT 1 FROM json_each(o.segment_locales) WHERE value = u.locale))
  AND (EXISTS (SELECT 1 FROM bonus_template_amounts a WHERE a.template_id = o.bonus_template_id AND a.currency = u.currency)
    OR EXISTS (SELECT 1 FROM freespin_template_bets b WHERE b.template_id = o.freespin_template_id AND b.currency = u.currency))`;

/** `o` fits `u`'s segment: deposits (new players / depositors), country, locale, and it grants something in u's currency. */
export const FITS_SEGMENT = `${FITS_DEPOSITS}
  AND ${FITS_SITE_SEGMENT}`;

/** `u` has not taken (or had deactivated for them) offer `o`. */
export const NOT_TAKEN = "NOT EXISTS (SELECT 1 FROM player_offers po WHERE po.uid = u.uid AND po.offer_id = o.id)";

/** `o` runs at `now` (an SQL expression such as ?2). */
export const RUNS_AT = (now: string) => `o.is_enabled = 1 AND (o.starts_at IS NULL OR o.starts_at <= ${now}) AND (o.ends_at IS NULL OR o.ends_at > ${now})`;

/** `o` is available to `u` at `now`: running, in their segment, and neither taken nor deactivated for them. */
export const AVAILABLE_TO = (now: string) =>
  `${RUNS_AT(now)} AND ${FITS_SEGMENT}
  AND ${NOT_TAKEN}`;
