-- The player objects' tables of migration 0075 leave D1 again, as migration 0064 left them: their
-- definitions were given to D1 only for the objects' generated schema (decision 0103). Children first.
DROP TABLE sport_bet_cashouts;
DROP TABLE sport_bet_legs;
DROP TABLE sport_bets;
