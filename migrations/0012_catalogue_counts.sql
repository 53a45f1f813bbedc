-- Catalogue counts kept with the catalogue (issue 5; bench: D1 rows read per lobby render).
-- games.getProviders, the provider filter and the lobby's total used to COUNT(*) the games table
-- (3,300 rows read per render, twice); a provider's games_count is read instead, and the whole
-- catalogue's total is the sum over the providers (26 rows). Triggers keep the counts true when
-- an operator's catalogue import adds, removes or moves games, as they do for categories.

ALTER TABLE game_providers ADD COLUMN games_count INTEGER NOT NULL DEFAULT 0;
UPDATE game_providers SET games_count = (SELECT COUNT(*) FROM games WHERE provider_id = game_providers.id);

CREATE TRIGGER games_count_provider_insert AFTER INSERT ON games BEGIN
  UPDATE game_providers SET games_count = games_count + 1 WHERE id = NEW.provider_id;
END;
CREATE TRIGGER games_count_provider_delete AFTER DELETE ON games BEGIN
  UPDATE game_providers SET games_count = games_count - 1 WHERE id = OLD.provider_id;
END;
CREATE TRIGGER games_count_provider_move AFTER UPDATE OF provider_id ON games
  WHEN NEW.provider_id IS NOT OLD.provider_id BEGIN
  UPDATE game_providers SET games_count = games_count - 1 WHERE id = OLD.provider_id;
  UPDATE game_providers SET games_count = games_count + 1 WHERE id = NEW.provider_id;
END;

-- Category counts were computed once by 0008; from now on membership changes keep them.
UPDATE game_categories SET games_count = (SELECT COUNT(*) FROM game_category_games WHERE category_id = game_categories.id);
CREATE TRIGGER games_count_category_insert AFTER INSERT ON game_category_games BEGIN
  UPDATE game_categories SET games_count = games_count + 1 WHERE id = NEW.category_id;
END;
CREATE TRIGGER games_count_category_delete AFTER DELETE ON game_category_games BEGIN
  UPDATE game_categories SET games_count = games_count - 1 WHERE id = OLD.category_id;
END;
