-- The player objects' cashier_transactions of migration 0082 leaves D1 again, as migration 0064 left
-- it (decision 0112): its definition was given to D1 only for the objects' generated schema.
DROP TABLE cashier_transactions;
