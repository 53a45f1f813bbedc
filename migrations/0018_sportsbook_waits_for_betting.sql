-- The seeded sportsbook pseudo-game (0008) opened /betting, which does not exist until the
-- sportsbook issue builds it: its tile, its 'sport' category tab and its search hit were dead
-- ends (issue 16). The seed carries no sportsbook until then; that issue adds its provider's
-- entry back with the page. A 'sport' category without games is hidden like any empty one.
DELETE FROM game_likes WHERE game_id IN (SELECT id FROM games WHERE is_sportsbook = 1);
DELETE FROM game_category_games WHERE game_id IN (SELECT id FROM games WHERE is_sportsbook = 1);
DELETE FROM game_texts WHERE game_id IN (SELECT id FROM games WHERE is_sportsbook = 1);
DELETE FROM games WHERE is_sportsbook = 1;
