-- The player objects' tournament_points of migration 0080 leaves D1 again, as migration 0064 left it
-- (decision 0111): its definition was given to D1 only for the objects' generated schema.
DROP TABLE tournament_points;
