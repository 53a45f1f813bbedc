-- Daily races (issue 43, decision 0116): a tournament with repeat_hours runs again when it ends — the
-- tournaments' clock finishes and pays it as any other, then opens the next of its series for the next
-- window of repeat_hours (the windows are back to back, so a daily race resets at the same hour every
-- day), with the same rules, games and prizes. series names the family (the instances' sysnames are
-- `<series>-<start as yyyymmddhh>`), so a repeated run of the clock opens one next race, not two.
ALTER TABLE tournaments ADD COLUMN repeat_hours INTEGER CHECK (repeat_hours IS NULL OR repeat_hours BETWEEN 1 AND 168);
ALTER TABLE tournaments ADD COLUMN series TEXT CHECK ((series IS NULL) = (repeat_hours IS NULL));
