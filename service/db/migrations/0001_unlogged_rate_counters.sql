-- Rate counters are ephemeral windows: skipping the WAL makes every request cheaper, and losing them in a crash only resets the current windows.
ALTER TABLE "rate_counters" SET UNLOGGED;
