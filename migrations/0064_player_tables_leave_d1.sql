-- D1's copies of the player tables go (decision 0075, slice 11): since the flip (slice 5) every
-- statement on them runs in the player's own Durable Object, and D1's copies were kept only for an
-- object to take its player's rows from on its first call (adoption). No site is deployed yet, so
-- no rows are waiting there; the objects' schema keeps the tables' last definitions
-- (workers/platform/player/schema.generated.ts, from these migrations). The two triggers on `users`
-- that guard and follow a currency change through the balances go with them: they run in the
-- player's object, on its mirrored `users` row, where the balances are. Children first.
DROP TRIGGER users_currency_guard;
DROP TRIGGER users_currency_follows;
DROP TABLE vpn_periods;
DROP TABLE vpn_subscriptions;
DROP TABLE sport_bet_legs;
DROP TABLE sport_bets;
DROP TABLE tournament_joins;
DROP TABLE tournament_points;
DROP TABLE wheel_purchases;
DROP TABLE wheel_spins;
DROP TABLE wheel_spin_ledger;
DROP TABLE wheel_spin_balances;
DROP TABLE wheel_seeds;
DROP TABLE quest_progress;
DROP TABLE loyalty_notices;
DROP TABLE loyalty_purchases;
DROP TABLE loyalty_ledger;
DROP TABLE loyalty_accounts;
DROP TABLE player_offers;
DROP TABLE freespin_rounds;
DROP TABLE freespin_packs;
DROP TABLE cashback_events;
DROP TABLE player_cashbacks;
DROP TABLE bonus_wagering;
DROP TABLE bonus_events;
DROP TABLE player_bonuses;
DROP TABLE game_rounds;
DROP TABLE promo_deposits;
DROP TABLE payment_callbacks;
DROP TABLE cashier_transactions;
DROP TABLE ledger;
DROP TABLE wallet_operations;
DROP TABLE balances;
