--
-- The C extension's README examples that the edition supports, as written
-- there (but CREATE EXTENSION, which pg_regress has done)
--
CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric);
INSERT INTO orders (total) VALUES (9.99);
SELECT count(*) FROM orders WHERE id >= ulid_lower(now() - interval '1 day');
CREATE TABLE events (id ulid PRIMARY KEY DEFAULT gen_ulid(), payload jsonb);
INSERT INTO events (payload) VALUES ('{}'), ('{}');
SELECT count(*) FROM events
 WHERE id >= ulid_lower(date_trunc('day', now())) AND id < ulid_lower(date_trunc('day', now()) + interval '1 day');
INSERT INTO events (id, payload) VALUES (gen_ulid('2024-03-01 12:00+00'), '{"old": true}');
CREATE INDEX ON events USING brin (id);
CREATE TABLE p_events (id ulid NOT NULL DEFAULT gen_ulid(), payload jsonb) PARTITION BY RANGE (id);
CREATE TABLE p_events_2026_11 PARTITION OF p_events
    FOR VALUES FROM (ulid_lower('2026-11-01 00:00+00')) TO (ulid_lower('2026-12-01 00:00+00'));
CREATE TABLE p_events_default PARTITION OF p_events DEFAULT;
INSERT INTO p_events (id, payload) VALUES (gen_ulid('2026-11-15 00:00+00'), '{}');
SELECT tableoid::regclass FROM p_events;
CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT gen_random_uuid());
CREATE TABLE payments (account ulid NOT NULL REFERENCES accounts, amount numeric);
INSERT INTO accounts DEFAULT VALUES;
INSERT INTO payments SELECT id, 9.99 FROM accounts;
SELECT count(*) FROM payments p JOIN accounts a ON a.id = p.account;
CREATE TABLE v7_keys (id ulid PRIMARY KEY DEFAULT gen_ulid() CHECK (ulid_is_uuidv7(id)));
SET ulid.uuidv7 = on;
INSERT INTO v7_keys DEFAULT VALUES;
SELECT ulid_to_typeid(id, 'user') LIKE 'user\_%' FROM v7_keys;
RESET ulid.uuidv7;
DROP TABLE orders, events, p_events, payments, accounts, v7_keys;
