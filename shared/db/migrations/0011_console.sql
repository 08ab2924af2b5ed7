-- The partner console: the people of each partner, their sign-in links and sessions, and the
-- audit log of every key, webhook and user change.

-- One person per address across the service (a console session belongs to one partner, and
-- sign-in names only an address). Addresses are stored lower-cased.
CREATE TABLE partner_users (
  id              text PRIMARY KEY,
  partner_id      text NOT NULL REFERENCES partners (id),
  email           text NOT NULL UNIQUE CHECK (email = lower(email)),
  role            text NOT NULL CHECK (role IN ('admin', 'developer', 'viewer')),
  -- The console language the person last chose; null until they choose.
  lang            text CHECK (lang IN ('en', 'ar')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
CREATE INDEX partner_users_partner ON partner_users (partner_id, created_at, id);

-- The partners' first admins were addresses on the partner: each becomes an admin user (an
-- address already taken by an earlier partner stays with it).
INSERT INTO partner_users (id, partner_id, email, role, created_at)
SELECT DISTINCT ON (lower(e))
       'usr_' || upper(substr(md5(p.id || lower(e)), 1, 26)), p.id, lower(e), 'admin', p.created_at
FROM partners p, unnest(p.admin_emails) AS e
ORDER BY lower(e), p.created_at
ON CONFLICT (email) DO NOTHING;
ALTER TABLE partners DROP COLUMN admin_emails;

-- One-time sign-in links: only the SHA-256 of the 32 random bytes is kept.
CREATE TABLE console_sign_in_tokens (
  token_hash bytea PRIMARY KEY,
  user_id    text NOT NULL REFERENCES partner_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX console_sign_in_tokens_expires ON console_sign_in_tokens (expires_at);

-- Sessions, by the SHA-256 of the cookie's value, so a read of this table signs no one in.
CREATE TABLE console_sessions (
  id_hash      bytea PRIMARY KEY,
  user_id      text NOT NULL REFERENCES partner_users (id) ON DELETE CASCADE,
  csrf_token   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX console_sessions_user ON console_sessions (user_id);
CREATE INDEX console_sessions_expires ON console_sessions (expires_at);

-- Who changed what: written in the transaction of the change, by the console, the edge (a
-- change made with an API key), the operator's command line and the delivery service (an
-- automatic disable).
CREATE TABLE audit_log (
  id          text PRIMARY KEY,
  partner_id  text NOT NULL REFERENCES partners (id),
  actor_kind  text NOT NULL CHECK (actor_kind IN ('user', 'api_key', 'operator', 'system')),
  -- The user's or key's id, null for the operator and the system.
  actor_id    text,
  -- What the log shows: the address or the key's prefix, as it was at the time.
  actor_label text NOT NULL,
  action      text NOT NULL,
  target_id   text,
  detail      jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_partner ON audit_log (partner_id, created_at DESC, id DESC);

-- Named keys with an expiry (a rolled key works until it), and when each was last used.
ALTER TABLE api_keys
  ADD COLUMN name text NOT NULL DEFAULT 'Default key',
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN last_used_at timestamptz;

-- What the console's delivery detail shows: the request's headers as sent and the start of
-- the response's body.
ALTER TABLE webhook_deliveries
  ADD COLUMN request_headers jsonb,
  ADD COLUMN response_excerpt text;

-- The console's role, as migration 0010 made the others.
DO $$
BEGIN
  CREATE ROLE hire_console NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;

-- The console signs partners' people in, changes keys, webhooks and users through the shared
-- code the API uses, queues test events and redeliveries, and reads jobs, usage and the log.
GRANT SELECT ON partners, jobs, matches, rate_limit_windows, job_quota_usage, webhook_events
  TO hire_console;
GRANT SELECT, INSERT, UPDATE ON api_keys TO hire_console;
GRANT SELECT, INSERT, UPDATE, DELETE ON webhooks, partner_users, console_sign_in_tokens,
  console_sessions TO hire_console;
GRANT SELECT, INSERT ON webhook_deliveries, audit_log, mail_outbox TO hire_console;
GRANT INSERT ON webhook_events TO hire_console;

-- The edge records changes made with a key, and when each key was last used.
GRANT INSERT ON audit_log, webhook_events TO hire_edge;
GRANT UPDATE (last_used_at) ON api_keys TO hire_edge;
-- The operator's command line makes a partner's first admin.
GRANT SELECT, INSERT ON partner_users, audit_log TO hire_admin;
-- The delivery service mails a disabled webhook's admins, and logs the disable.
GRANT SELECT ON partner_users TO hire_delivery;
GRANT INSERT ON audit_log TO hire_delivery;
