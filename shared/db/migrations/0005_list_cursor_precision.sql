-- List cursors carry a row's created_at as a JavaScript Date, which holds milliseconds.
-- A column with microseconds let rows created within the same millisecond as a page's last
-- row fall between pages (found by the delivery log's paging test). Both paged columns now
-- hold exactly what a cursor can say.
ALTER TABLE webhook_deliveries ALTER COLUMN created_at TYPE timestamptz(3);
ALTER TABLE jobs ALTER COLUMN created_at TYPE timestamptz(3);
