-- Each service connects to Postgres as its own role, with only the privileges its code needs
-- (the table lists below come from shared/tables' owner modules and each service's reads), so a
-- compromised or mistaken process cannot write what another owns. Migrations, this one
-- included, run as the database owner.
--
-- These are group roles (NOLOGIN): a deployment logs in as a member of one, with a password
-- of its own (deploy/local/db_logins.ts: hire_edge_login for hire_edge, and so on). A new table's
-- migration grants it to the roles of the services that use it: shared/db/roles_test.ts fails on
-- a table no service role may use, tests/db_roles_test.ts when a service lacks a privilege.

-- Roles belong to the whole cluster, grants to one database: the roles are made only when
-- missing. Databases of one cluster migrate concurrently (a test stack each), and the loser
-- of a race to create a role meets unique_violation rather than duplicate_object.
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['hire_edge', 'hire_job', 'hire_embedding', 'hire_matching',
                           'hire_delivery', 'hire_site', 'hire_admin'] LOOP
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN', r);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END LOOP;
END $$;

-- Only the owner creates in the schema (PostgreSQL 15's default; said again for older
-- servers), but for the vector index below.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- The partner command line (`deno task partner`): partners, their plans and keys.
GRANT SELECT, INSERT, UPDATE ON partners, api_keys TO hire_admin;

-- The edge: authentication, limits, idempotency, reads, webhook registration, fencing of
-- commands it gave up on, and redeliveries (inserted; only the delivery service moves an
-- attempt's status).
GRANT SELECT ON partners, api_keys, jobs, matches TO hire_edge;
GRANT SELECT, INSERT ON command_results, webhook_deliveries TO hire_edge;
GRANT SELECT, INSERT, UPDATE ON rate_limit_windows, job_quota_usage TO hire_edge;
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys, webhooks TO hire_edge;

-- The job service: the job lifecycle, settled commands, and the outbox, whose published
-- rows of every service it purges. Of partners it reads only whether one exists (a command
-- naming another is set aside).
GRANT SELECT, INSERT, UPDATE, DELETE ON jobs, command_results, outbox TO hire_job;
GRANT SELECT (id) ON partners TO hire_job;

-- The embedding service: a job's embedding state, seeker profiles, its events.
GRANT SELECT, UPDATE ON jobs TO hire_embedding;
GRANT SELECT, INSERT, UPDATE, DELETE ON seekers TO hire_embedding;
GRANT SELECT, INSERT, UPDATE ON outbox TO hire_embedding;

-- The matching service: reads jobs and share-locks them while it records matches. A row
-- lock needs UPDATE on some column (PostgreSQL's rule): embedding_error, a diagnostic that
-- nothing decides on and no partner sees, is the only one it gets.
GRANT SELECT, UPDATE (embedding_error) ON jobs TO hire_matching;
GRANT SELECT, INSERT, DELETE ON matches TO hire_matching;
GRANT SELECT, INSERT, UPDATE ON outbox TO hire_matching;

-- The delivery service: events fanned out, the attempt queue and log, failure counts and
-- disabling of webhooks (with their partner's name and admin addresses), the mail outbox.
-- Of jobs it reads only whose each is (an event naming another partner's job is set aside).
GRANT SELECT ON partners TO hire_delivery;
GRANT SELECT (id, partner_id) ON jobs TO hire_delivery;
GRANT SELECT, UPDATE ON webhooks TO hire_delivery;
GRANT SELECT, INSERT, DELETE ON webhook_events TO hire_delivery;
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_deliveries, mail_outbox TO hire_delivery;
GRANT SELECT, INSERT, UPDATE ON outbox TO hire_delivery;

-- The public site reads the jobs it lists and their partner's display name, nothing else
-- (not the admins' addresses), and writes nothing.
GRANT SELECT ON jobs TO hire_site;
GRANT SELECT (id, name) ON partners TO hire_site;

-- The outbox's seq is a serial: its writers draw from the sequence.
GRANT USAGE ON SEQUENCE outbox_seq_seq TO hire_job, hire_embedding, hire_matching, hire_delivery;

-- The vector index (pgvector): its tables are named for the embedding space and created at
-- run time by the embedding service, which writes them and so owns them; matching only
-- searches them (shared/vector's init creates nothing once they exist). Only the owner may
-- create the extension (it is not a trusted one), so it is created here when the server
-- offers it; a deployment on Qdrant may run without it.
GRANT CREATE ON SCHEMA public TO hire_embedding;
ALTER DEFAULT PRIVILEGES FOR ROLE hire_embedding IN SCHEMA public
  GRANT SELECT ON TABLES TO hire_matching;
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
  -- Tables the services made before they had roles of their own.
  FOR t IN SELECT tablename FROM pg_tables
           WHERE schemaname = 'public' AND tablename ~ '(^|_)(job|seeker)_vectors$' LOOP
    EXECUTE format('ALTER TABLE %I OWNER TO hire_embedding', t);
    EXECUTE format('GRANT SELECT ON %I TO hire_matching', t);
  END LOOP;
END $$;
