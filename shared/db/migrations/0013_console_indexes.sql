-- The console's overview chart counts a partner's deleted jobs of the last 30 days (live ones
-- come from jobs_list), and its jobs page's Deleted filter pages through them. Deleted jobs are
-- purged after 30 days, so this index stays small, and only a delete writes it.
CREATE INDEX jobs_deleted_list ON jobs (partner_id, created_at DESC, id DESC)
  WHERE deleted_at IS NOT NULL;
