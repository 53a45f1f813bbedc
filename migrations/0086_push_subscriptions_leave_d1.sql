-- The player objects' push_subscriptions of migration 0085 leaves D1 again (decision 0114): its
-- definition was given to D1 only for the objects' generated schema.
DROP TABLE push_subscriptions;
