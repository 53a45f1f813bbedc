-- Plinko, the third original (issue 43, decision 0115): the ball's path is the draw's first 8, 12 or 16
-- bits (core/originals.ts), its bin pays the published table for the rows and risk the player chose.
INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, is_sportsbook, popularity, released_at, tags)
VALUES (3304, 'pf-plinko', 26, 'Plinko', 'fast', 9900, 'medium', 10, 100000, 1, 0, -3, 1767225600000, 'fast,provably_fair');

INSERT INTO game_texts (game_id, locale, title, description) VALUES
  (3304, 'en', 'Plinko', 'Drop the ball through 8, 12 or 16 rows of pegs: the edge bins pay the most. Choose your risk. Provably fair: verify every drop.'),
  (3304, 'es', 'Plinko', 'Deja caer la bola entre 8, 12 o 16 filas de clavos: las casillas de los bordes pagan más. Elige tu riesgo. Demostrablemente justo: verifica cada caída.'),
  (3304, 'pt', 'Plinko', 'Solte a bola por 8, 12 ou 16 linhas de pinos: as casas das bordas pagam mais. Escolha o seu risco. Comprovadamente justo: verifique cada queda.'),
  (3304, 'ar', 'بلينكو', 'أسقط الكرة عبر 8 أو 12 أو 16 صفًا من الأوتاد: خانات الأطراف تدفع أكثر. اختر مستوى المخاطرة. عادلة بشكل قابل للإثبات: تحقّق من كل إسقاط.');

INSERT INTO game_category_games (category_id, game_id, popularity, released_at)
SELECT c.id, g.id, g.popularity, g.released_at FROM games g JOIN game_categories c ON c.sysname = 'fast' WHERE g.id = 3304;
