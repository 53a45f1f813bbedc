-- The originals (issue 43, decision 0115): in-house games drawn by the wheel's commit–reveal
-- (core/originals.ts) from the player's seed pair (wheel_seeds: one per player, shared with the wheel)
-- and its next nonce. They are games of the catalogue like any other (Playfront Originals, provider 26;
-- fast games), played in the studio with a target the player chooses; their rounds are game_rounds
-- rows with an empty grid, and each has its draw here.
INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, is_sportsbook, popularity, released_at, tags)
VALUES
  (3302, 'pf-dice', 26, 'Dice', 'fast', 9900, 'low', 10, 100000, 1, 0, -1, 1767225600000, 'fast,provably_fair'),
  (3303, 'pf-limbo', 26, 'Limbo', 'fast', 9900, 'high', 10, 100000, 1, 0, -2, 1767225600000, 'fast,provably_fair');

INSERT INTO game_texts (game_id, locale, title, description) VALUES
  (3302, 'en', 'Dice', 'Pick a number and roll over or under it: the smaller your chance, the bigger the payout. Provably fair: verify every roll.'),
  (3302, 'es', 'Dados', 'Elige un número y tira por encima o por debajo: cuanto menor la probabilidad, mayor el pago. Demostrablemente justo: verifica cada tirada.'),
  (3302, 'pt', 'Dados', 'Escolha um número e role acima ou abaixo dele: quanto menor a chance, maior o pagamento. Comprovadamente justo: verifique cada rolagem.'),
  (3302, 'ar', 'النرد', 'اختر رقمًا وارمِ أعلى منه أو أدنى: كلما قلّت فرصتك زاد العائد. عادلة بشكل قابل للإثبات: تحقّق من كل رمية.'),
  (3303, 'en', 'Limbo', 'Set a target multiplier and see if the result reaches it: aim high for bigger wins. Provably fair: verify every round.'),
  (3303, 'es', 'Limbo', 'Fija un multiplicador objetivo y mira si el resultado lo alcanza: apunta alto para ganar más. Demostrablemente justo: verifica cada ronda.'),
  (3303, 'pt', 'Limbo', 'Defina um multiplicador-alvo e veja se o resultado o alcança: mire alto para ganhos maiores. Comprovadamente justo: verifique cada rodada.'),
  (3303, 'ar', 'ليمبو', 'حدّد مضاعفًا مستهدفًا وانظر هل تبلغه النتيجة: صوّب عاليًا لأرباح أكبر. عادلة بشكل قابل للإثبات: تحقّق من كل جولة.');

INSERT INTO game_category_games (category_id, game_id, popularity, released_at)
SELECT c.id, g.id, g.popularity, g.released_at FROM games g JOIN game_categories c ON c.sysname = 'fast' WHERE g.id IN (3302, 3303);

-- A round of an original: its draw (the seed, nonce and client seed it took, and the outcome as JSON: the
-- result, the target, won, the payout per unit bet). The player objects' (decision 0075): D1 is
-- given it here for the objects' generated schema, and migration 0088 drops it again.
CREATE TABLE original_rounds (
  round_id TEXT PRIMARY KEY REFERENCES game_rounds (id),
  uid INTEGER NOT NULL REFERENCES users (uid),
  seed_id INTEGER NOT NULL REFERENCES wheel_seeds (id),
  nonce INTEGER NOT NULL CHECK (nonce >= 0),
  -- The client seed it was drawn with (the player may change it for later rounds).
  client_seed TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (json_valid(outcome)),
  UNIQUE (seed_id, nonce)
) WITHOUT ROWID;
