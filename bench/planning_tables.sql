-- The tables of workload 10 (bench/planning.sh) and of bench/connect.sh:
-- 100,000 rows each, keys md5(i::text)::uuid, as uuid and as ulid
SET client_min_messages = warning;
CREATE EXTENSION ulid;
CREATE TABLE uuid_keyed (id uuid PRIMARY KEY, v int4);
INSERT INTO uuid_keyed SELECT md5(i::text)::uuid, i FROM generate_series(1, 100000) i;
CREATE TABLE orders (id ulid PRIMARY KEY, v int4);
INSERT INTO orders SELECT md5(i::text)::uuid::ulid, i FROM generate_series(1, 100000) i;
CREATE TABLE notes (id int4 PRIMARY KEY, order_id uuid);
INSERT INTO notes SELECT i, md5((1 + i % 100000)::text)::uuid FROM generate_series(1, 100000) i;
CREATE TABLE items (id int4 PRIMARY KEY, order_id ulid);
INSERT INTO items SELECT id, order_id::ulid FROM notes;
VACUUM ANALYZE;
