-- The player objects' original_rounds of migration 0087 leaves D1 (decision 0115): its definition
-- was given to D1 only for the objects' generated schema.
DROP TABLE original_rounds;
