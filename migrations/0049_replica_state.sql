-- Every player's object keeps a copy of the configuration its statements join (decision 0075,
-- workers/platform/player/tables.ts WHOLE_REPLICAS). replica_state.version moves on every change to
-- those tables, so an object copies them again when the version it holds is not D1's. A shop
-- product's or a wheel sector's stock is what players use up, not configuration: it does not count.
CREATE TABLE replica_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO replica_state (id, version) VALUES (1, 1);

CREATE TRIGGER replica_locales_insert AFTER INSERT ON locales BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_locales_update AFTER UPDATE ON locales BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_locales_delete AFTER DELETE ON locales BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_currency_rates_insert AFTER INSERT ON currency_rates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_currency_rates_update AFTER UPDATE ON currency_rates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_currency_rates_delete AFTER DELETE ON currency_rates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashier_methods_insert AFTER INSERT ON cashier_methods BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashier_methods_update AFTER UPDATE ON cashier_methods BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashier_methods_delete AFTER DELETE ON cashier_methods BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_bonus_templates_insert AFTER INSERT ON bonus_templates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_bonus_templates_update AFTER UPDATE ON bonus_templates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_bonus_templates_delete AFTER DELETE ON bonus_templates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_bonus_template_amounts_insert AFTER INSERT ON bonus_template_amounts BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_bonus_template_amounts_update AFTER UPDATE ON bonus_template_amounts BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_bonus_template_amounts_delete AFTER DELETE ON bonus_template_amounts BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programmes_insert AFTER INSERT ON cashback_programmes BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programmes_update AFTER UPDATE ON cashback_programmes BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programmes_delete AFTER DELETE ON cashback_programmes BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programme_terms_insert AFTER INSERT ON cashback_programme_terms BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programme_terms_update AFTER UPDATE ON cashback_programme_terms BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programme_terms_delete AFTER DELETE ON cashback_programme_terms BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programme_tiers_insert AFTER INSERT ON cashback_programme_tiers BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programme_tiers_update AFTER UPDATE ON cashback_programme_tiers BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_cashback_programme_tiers_delete AFTER DELETE ON cashback_programme_tiers BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_freespin_templates_insert AFTER INSERT ON freespin_templates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_freespin_templates_update AFTER UPDATE ON freespin_templates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_freespin_templates_delete AFTER DELETE ON freespin_templates BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_freespin_template_bets_insert AFTER INSERT ON freespin_template_bets BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_freespin_template_bets_update AFTER UPDATE ON freespin_template_bets BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_freespin_template_bets_delete AFTER DELETE ON freespin_template_bets BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_campaign_offers_insert AFTER INSERT ON campaign_offers BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_campaign_offers_update AFTER UPDATE ON campaign_offers BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_campaign_offers_delete AFTER DELETE ON campaign_offers BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_programs_insert AFTER INSERT ON loyalty_programs BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_programs_update AFTER UPDATE ON loyalty_programs BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_programs_delete AFTER DELETE ON loyalty_programs BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_levels_insert AFTER INSERT ON loyalty_levels BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_levels_update AFTER UPDATE ON loyalty_levels BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_levels_delete AFTER DELETE ON loyalty_levels BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_characters_insert AFTER INSERT ON loyalty_characters BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_characters_update AFTER UPDATE ON loyalty_characters BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_characters_delete AFTER DELETE ON loyalty_characters BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_products_insert AFTER INSERT ON loyalty_products BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_products_update AFTER UPDATE OF id, program_id, sysname, price, per_player_limit, reward_type, bonus_template_id, freespin_template_id, money, image, texts, position, is_enabled ON loyalty_products BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_loyalty_products_delete AFTER DELETE ON loyalty_products BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_quests_insert AFTER INSERT ON quests BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_quests_update AFTER UPDATE ON quests BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_quests_delete AFTER DELETE ON quests BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_wheel_campaigns_insert AFTER INSERT ON wheel_campaigns BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_wheel_campaigns_update AFTER UPDATE ON wheel_campaigns BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_wheel_campaigns_delete AFTER DELETE ON wheel_campaigns BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_wheel_sectors_insert AFTER INSERT ON wheel_sectors BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_wheel_sectors_update AFTER UPDATE OF id, campaign_id, position, weight, color, reward_type, bonus_template_id, freespin_template_id, points, money, spins, fallback, fallback_points, texts ON wheel_sectors BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_wheel_sectors_delete AFTER DELETE ON wheel_sectors BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournaments_insert AFTER INSERT ON tournaments BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournaments_update AFTER UPDATE ON tournaments BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournaments_delete AFTER DELETE ON tournaments BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournament_games_insert AFTER INSERT ON tournament_games BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournament_games_update AFTER UPDATE ON tournament_games BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournament_games_delete AFTER DELETE ON tournament_games BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournament_prizes_insert AFTER INSERT ON tournament_prizes BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournament_prizes_update AFTER UPDATE ON tournament_prizes BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_tournament_prizes_delete AFTER DELETE ON tournament_prizes BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_vpn_plans_insert AFTER INSERT ON vpn_plans BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_vpn_plans_update AFTER UPDATE ON vpn_plans BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_vpn_plans_delete AFTER DELETE ON vpn_plans BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
