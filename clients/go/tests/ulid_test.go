// ulid through pgx v4 (Debian's golang-github-jackc-pgx-v4-dev) and
// oklog/ulid v2 (golang-github-oklog-ulid-dev), the way an application uses
// them.  Run by clients/run.sh go with `go test -v` against a database with
// the ulid extension; libpq's PGHOST/PGPORT/PGUSER/PGDATABASE say where (a
// PGHOST starting with / is a Unix socket directory).
package ulid_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgtype"
	"github.com/jackc/pgx/v4"
	"github.com/oklog/ulid/v2"
)

const (
	known     = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	knownUUID = "01563df3-6481-d676-4c61-efb99302bd5b"
)

// connect opens a connection whose search_path starts with a schema of this
// test's own, holding a fresh orders table as docs/applications.md's examples have it
func connect(t *testing.T) (context.Context, *pgx.Conn) {
	t.Helper()
	ctx := context.Background()
	cfg, err := pgx.ParseConfig("")
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["search_path"] = "go_drivers, public"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	for _, sql := range []string{
		"SET client_min_messages = warning",
		"CREATE SCHEMA IF NOT EXISTS go_drivers",
		"DROP TABLE IF EXISTS orders",
		"CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric)",
	} {
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	return ctx, conn
}

// oklog/ulid decodes the text independently of the extension: the test's
// oracle for the bytes
func TestOracleAgreesWithUUID(t *testing.T) {
	k := ulid.MustParse(known)
	var u pgtype.UUID
	if err := u.Set(knownUUID); err != nil {
		t.Fatal(err)
	}
	if k != ulid.ULID(u.Bytes) {
		t.Fatalf("oklog/ulid gives % x for %s, want % x", k[:], known, u.Bytes[:])
	}
}

// docs/applications.md's Go example, as written there (between the markers), then
// what its comments say.
func TestReadmeExample(t *testing.T) {
	ctx, conn := connect(t)

	// README begin
	// a string parameter goes as text, and the server reads it as ulid
	var id string
	var u pgtype.UUID
	err := conn.QueryRow(ctx,
		"INSERT INTO orders (id, total) VALUES ($1, $2) RETURNING id, id::uuid",
		"01ARYZ6S41TSV4RRFFQ69G5FAV", 9.99).Scan(&id, &u) // id: "01ARYZ6S41TSV4RRFFQ69G5FAV"

	// a binary key: write $1::uuid.  Untyped, $1 is a ulid, a type pgx v4 does
	// not know: it cannot encode a [16]byte for it, and sends a ulid.ULID as bytea text
	var total float64
	err = conn.QueryRow(ctx, "SELECT total FROM orders WHERE id = $1::uuid", u).Scan(&total)

	// oklog/ulid: a ulid.ULID scans from the text
	var k ulid.ULID
	err = conn.QueryRow(ctx, "SELECT id FROM orders WHERE id = $1::uuid", u.Bytes).Scan(&k)
	// README end

	if err != nil {
		t.Fatal(err)
	}
	if id != known {
		t.Errorf("id = %q, want %q", id, known)
	}
	if u.Status != pgtype.Present || ulid.ULID(u.Bytes) != ulid.MustParse(known) {
		t.Errorf("id::uuid = %v % x, want the bytes of %s", u.Status, u.Bytes[:], known)
	}
	if total != 9.99 {
		t.Errorf("total = %v, want 9.99", total)
	}
	if k != ulid.MustParse(known) || k.String() != known {
		t.Errorf("ulid.ULID = %s, want %s", k, known)
	}
}

// generated keys come back as 26-character text that oklog/ulid reads, in
// creation order, with the time they were made
func TestGeneratedTextRoundTrip(t *testing.T) {
	ctx, conn := connect(t)
	before := time.Now().Add(-time.Second)
	rows, err := conn.Query(ctx, "INSERT INTO orders (total) SELECT g FROM generate_series(1, 200) g RETURNING id")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	after := time.Now().Add(time.Second)
	if len(ids) != 200 {
		t.Fatalf("%d ids, want 200", len(ids))
	}
	for i, s := range ids {
		k, err := ulid.ParseStrict(s)
		if err != nil || k.String() != s {
			t.Fatalf("%q does not round-trip through oklog/ulid: %v", s, err)
		}
		if ts := ulid.Time(k.Time()); ts.Before(before) || ts.After(after) {
			t.Errorf("%s has time %v, not between %v and %v", s, ts, before, after)
		}
		if i > 0 && s <= ids[i-1] {
			t.Fatalf("%s after %s: gen_ulid() in one statement must increase", s, ids[i-1])
		}
		// the text goes back in, lower case too, and finds its row
		var back string
		if err := conn.QueryRow(ctx, "SELECT id FROM orders WHERE id = $1", strings.ToLower(s)).Scan(&back); err != nil || back != s {
			t.Fatalf("lookup of %s gave %q (%v)", strings.ToLower(s), back, err)
		}
	}
}

// a [16]byte or ulid.ULID key with $1::uuid uses the primary key's index
func TestUUIDKeyUsesIndex(t *testing.T) {
	ctx, conn := connect(t)
	if _, err := conn.Exec(ctx, "INSERT INTO orders (total) SELECT g FROM generate_series(1, 1000) g"); err != nil {
		t.Fatal(err)
	}
	var want string
	var key [16]byte
	if err := conn.QueryRow(ctx, "SELECT id, id::uuid FROM orders WHERE total = 500").Scan(&want, &key); err != nil {
		t.Fatal(err)
	}
	if ulid.ULID(key) != ulid.MustParse(want) {
		t.Fatalf("id::uuid into [16]byte gave % x, want the bytes of %s", key[:], want)
	}
	if _, err := conn.Exec(ctx, "SET enable_seqscan = off"); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []interface{}{key, ulid.ULID(key)} {
		var plan []string
		rows, err := conn.Query(ctx, "EXPLAIN (COSTS OFF) SELECT total FROM orders WHERE id = $1::uuid", arg)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		if !strings.Contains(strings.Join(plan, "\n"), "Index Scan using orders_pkey on orders") {
			t.Errorf("%T key: the plan is\n%s\nwant an index scan on orders_pkey", arg, strings.Join(plan, "\n"))
		}
		var total int
		if err := conn.QueryRow(ctx, "SELECT total FROM orders WHERE id = $1::uuid", arg).Scan(&total); err != nil || total != 500 {
			t.Errorf("%T key found total %d (%v), want 500", arg, total, err)
		}
	}
}

// what the example's comment warns of: without ::uuid the server infers ulid
// for $1, a type pgx v4 does not know.  It cannot encode a [16]byte for it,
// and sends a ulid.ULID's driver value (bytes) as bytea text, which is not a
// ULID.  A pgtype.UUID encodes itself in binary: ulid's binary input reads
// those 16 bytes, so it alone finds the row.
func TestUncastKeys(t *testing.T) {
	ctx, conn := connect(t)
	if _, err := conn.Exec(ctx, "INSERT INTO orders (id, total) VALUES ($1, 1)", known); err != nil {
		t.Fatal(err)
	}
	key := [16]byte(ulid.MustParse(known))
	var n int
	err := conn.QueryRow(ctx, "SELECT count(*) FROM orders WHERE id = $1", key).Scan(&n)
	if err == nil || !strings.Contains(err.Error(), "Cannot encode [16]uint8 into oid") {
		t.Errorf("[16]byte key without ::uuid: err = %v, want pgx's \"Cannot encode [16]uint8 into oid ...\"", err)
	}
	err = conn.QueryRow(ctx, "SELECT count(*) FROM orders WHERE id = $1", ulid.ULID(key)).Scan(&n)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "22P02" || !strings.Contains(pgErr.Message, `"\x01563df3`) {
		t.Errorf("ulid.ULID key without ::uuid: err = %v, want SQLSTATE 22P02 for its bytea text", err)
	}
	u := pgtype.UUID{Bytes: key, Status: pgtype.Present}
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM orders WHERE id = $1", u).Scan(&n); err != nil || n != 1 {
		t.Errorf("pgtype.UUID key without ::uuid found %d rows (%v), want 1", n, err)
	}
}

// bad text is a clear error with SQLSTATE 22P02
func TestBadTextIsInvalidTextRepresentation(t *testing.T) {
	ctx, conn := connect(t)
	_, err := conn.Exec(ctx, "INSERT INTO orders (id) VALUES ($1)", "01ARYZ6S41TSV4RRFFQ69G5FAU")
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "22P02" {
		t.Fatalf("err = %v, want SQLSTATE 22P02", err)
	}
	if !strings.Contains(pgErr.Message, `invalid input syntax for type ulid`) {
		t.Errorf("message %q", pgErr.Message)
	}
}
