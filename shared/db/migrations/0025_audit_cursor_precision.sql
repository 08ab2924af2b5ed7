-- The console pages the audit log by a cursor holding a row's created_at as a JavaScript Date,
-- which holds milliseconds; with microseconds in the column, entries made within the same
-- millisecond as a page's last one fell between pages (found by the console's audit paging
-- test, one run in several). As 0005 did for the jobs and the delivery log, the column now
-- holds exactly what a cursor can say.
ALTER TABLE audit_log ALTER COLUMN created_at TYPE timestamptz(3);
