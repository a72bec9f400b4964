/*
 * ulid through JDBC (pgjdbc, Debian's libpostgresql-jdbc-java), the way an
 * application uses it.  Run by clients/run.sh java as a single source file
 * (java -cp ... UlidTest.java) against a database with the ulid extension;
 * libpq's PGHOST/PGPORT/PGUSER/PGDATABASE say where.  pgjdbc has no Unix
 * socket support of its own: for a PGHOST that is a socket directory it
 * connects through junixsocket (libjunixsocket-java), as pgjdbc's
 * documentation says.  Prints one line per test and then
 * "java: N passed, N failed".
 */

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

public class UlidTest {
	static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
	static final String KNOWN = "01ARYZ6S41TSV4RRFFQ69G5FAV";
	static final UUID KNOWN_UUID = UUID.fromString("01563df3-6481-d676-4c61-efb99302bd5b");

	/* the uuid of a ULID's 16 bytes, decoded here: an oracle independent of the extension */
	static UUID ulidToUuid(String text) {
		BigInteger v = BigInteger.ZERO;
		for (char c : text.toUpperCase().toCharArray()) {
			int d = CROCKFORD.indexOf(c);
			if (d < 0)
				throw new IllegalArgumentException(text);
			v = v.shiftLeft(5).or(BigInteger.valueOf(d));
		}
		BigInteger mask = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
		return new UUID(v.shiftRight(64).longValue(), v.and(mask).longValue());
	}

	static String env(String name, String dflt) {
		String v = System.getenv(name);
		return v == null || v.isEmpty() ? dflt : v;
	}

	/* a connection to where libpq's variables point, with extra properties */
	static Connection connect(Properties extra) throws SQLException {
		String host = env("PGHOST", "localhost");
		String port = env("PGPORT", "5432");
		Properties p = new Properties();
		p.setProperty("user", env("PGUSER", System.getProperty("user.name")));
		p.setProperty("currentSchema", "java_drivers,public");
		String url;
		if (host.startsWith("/")) {
			p.setProperty("socketFactory", "org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg");
			p.setProperty("socketFactoryArg", host + "/.s.PGSQL." + port);
			url = "jdbc:postgresql://localhost/" + env("PGDATABASE", p.getProperty("user"));
		} else
			url = "jdbc:postgresql://" + host + ":" + port + "/" + env("PGDATABASE", p.getProperty("user"));
		p.putAll(extra);
		return DriverManager.getConnection(url, p);
	}

	/* a connection with a fresh orders table, as docs/applications.md's examples have it */
	static Connection fresh(Properties extra) throws SQLException {
		Connection conn = connect(extra);
		try (Statement st = conn.createStatement()) {
			st.execute("SET client_min_messages = warning");
			st.execute("CREATE SCHEMA IF NOT EXISTS java_drivers");
			st.execute("DROP TABLE IF EXISTS orders");
			st.execute("CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric)");
		}
		return conn;
	}

	static Connection fresh() throws SQLException {
		return fresh(new Properties());
	}

	static void check(boolean ok, String what) {
		if (!ok)
			throw new AssertionError(what);
	}

	static void oracleAgreesWithUuid() {
		check(ulidToUuid(KNOWN).equals(KNOWN_UUID), ulidToUuid(KNOWN) + " for " + KNOWN);
	}

	/* docs/applications.md's Java example, as written there (between the markers), then what its comments say. */
	static void readmeExample() throws Exception {
		try (Connection conn = fresh()) {
			// README begin
			try (PreparedStatement ps = conn.prepareStatement("INSERT INTO orders (id, total) VALUES (?, ?)")) {
				ps.setObject(1, "01ARYZ6S41TSV4RRFFQ69G5FAV", Types.OTHER);   // untyped: the server reads ulid
				ps.setBigDecimal(2, new BigDecimal("9.99"));
				ps.executeUpdate();
			}
			String id = null;
			UUID u = null;
			try (PreparedStatement ps = conn.prepareStatement("SELECT id, id::uuid FROM orders WHERE id = ?")) {
				ps.setObject(1, UUID.fromString("01563df3-6481-d676-4c61-efb99302bd5b"));  // uuid-typed: needs 1.1
				try (ResultSet rs = ps.executeQuery()) {
					if (rs.next()) {
						id = rs.getString(1);                   // "01ARYZ6S41TSV4RRFFQ69G5FAV"
						u = rs.getObject(2, UUID.class);        // 01563df3-6481-d676-4c61-efb99302bd5b
					}
				}
			}
			// README end
			check(KNOWN.equals(id), "id = " + id);
			check(KNOWN_UUID.equals(u), "u = " + u);
		}
	}

	/* generated keys come back as 26-character text, in creation order, with their bytes and time */
	static void generatedTextRoundTrip() throws Exception {
		try (Connection conn = fresh();
			 Statement st = conn.createStatement()) {
			long before = Instant.now().toEpochMilli() - 1000;
			List<String> ids = new ArrayList<>();
			List<UUID> uuids = new ArrayList<>();
			try (ResultSet rs = st.executeQuery(
					"INSERT INTO orders (total) SELECT g FROM generate_series(1, 200) g RETURNING id, id::uuid")) {
				while (rs.next()) {
					ids.add(rs.getString(1));
					uuids.add(rs.getObject(2, UUID.class));
				}
			}
			long after = Instant.now().toEpochMilli() + 1000;
			check(ids.size() == 200, ids.size() + " ids");
			try (PreparedStatement ps = conn.prepareStatement("SELECT id FROM orders WHERE id = ?::ulid")) {
				for (int i = 0; i < ids.size(); i++) {
					String s = ids.get(i);
					check(s.length() == 26 && ulidToUuid(s).equals(uuids.get(i)), s + " is not " + uuids.get(i));
					long ms = uuids.get(i).getMostSignificantBits() >>> 16;
					check(ms >= before && ms <= after, s + " has time " + Instant.ofEpochMilli(ms));
					if (i > 0)
						check(s.compareTo(ids.get(i - 1)) > 0, s + " after " + ids.get(i - 1));
					/* the text goes back in, lower case too, and finds its row */
					ps.setString(1, s.toLowerCase());
					try (ResultSet rs = ps.executeQuery()) {
						check(rs.next() && s.equals(rs.getString(1)), "lookup of " + s.toLowerCase());
					}
				}
			}
		}
	}

	/* a java.util.UUID parameter is sent as uuid and uses the primary key's index */
	static void uuidKeyUsesIndex() throws Exception {
		try (Connection conn = fresh();
			 Statement st = conn.createStatement()) {
			st.execute("INSERT INTO orders (total) SELECT g FROM generate_series(1, 1000) g");
			UUID key;
			try (ResultSet rs = st.executeQuery("SELECT id::uuid FROM orders WHERE total = 500")) {
				check(rs.next(), "no row 500");
				key = rs.getObject(1, UUID.class);
			}
			st.execute("SET enable_seqscan = off");
			StringBuilder plan = new StringBuilder();
			try (PreparedStatement ps = conn.prepareStatement("EXPLAIN (COSTS OFF) SELECT total FROM orders WHERE id = ?")) {
				ps.setObject(1, key);
				try (ResultSet rs = ps.executeQuery()) {
					while (rs.next())
						plan.append(rs.getString(1)).append('\n');
				}
			}
			check(plan.toString().contains("Index Scan using orders_pkey on orders"), "plan:\n" + plan);
			try (PreparedStatement ps = conn.prepareStatement("SELECT total FROM orders WHERE id = ?")) {
				ps.setObject(1, key);
				try (ResultSet rs = ps.executeQuery()) {
					check(rs.next() && rs.getInt(1) == 500 && !rs.next(), "the uuid key did not find row 500 alone");
				}
			}
		}
	}

	/*
	 * What docs/applications.md says of strings: setString sends varchar, which has no
	 * implicit cast to ulid; setObject(i, s, Types.OTHER), ?::ulid and
	 * stringtype=unspecified each work.
	 */
	static void stringParameters() throws Exception {
		try (Connection conn = fresh()) {
			try (PreparedStatement ps = conn.prepareStatement("INSERT INTO orders (id, total) VALUES (?, 1)")) {
				ps.setString(1, KNOWN);
				ps.executeUpdate();
				throw new AssertionError("setString into a ulid column worked");
			} catch (SQLException e) {
				check("42804".equals(e.getSQLState()) && e.getMessage().contains("character varying"),
					  "setString: " + e.getSQLState() + " " + e.getMessage());
			}
			try (PreparedStatement ps = conn.prepareStatement("SELECT count(*) FROM orders WHERE id = ?")) {
				ps.setString(1, KNOWN);
				ps.executeQuery();
				throw new AssertionError("ulid = varchar worked");
			} catch (SQLException e) {
				check("42883".equals(e.getSQLState()) &&
					  e.getMessage().contains("operator does not exist: ulid = character varying"),
					  "setString: " + e.getSQLState() + " " + e.getMessage());
			}
			try (PreparedStatement ps = conn.prepareStatement("INSERT INTO orders (id, total) VALUES (?::ulid, 1)")) {
				ps.setString(1, KNOWN);
				check(ps.executeUpdate() == 1, "?::ulid insert");
			}
			try (PreparedStatement ps = conn.prepareStatement("SELECT id FROM orders WHERE id = ?")) {
				ps.setObject(1, KNOWN.toLowerCase(), Types.OTHER);
				try (ResultSet rs = ps.executeQuery()) {
					check(rs.next() && KNOWN.equals(rs.getString(1)), "Types.OTHER lookup");
				}
			}
		}
		Properties unspecified = new Properties();
		unspecified.setProperty("stringtype", "unspecified");
		try (Connection conn = connect(unspecified);
			 PreparedStatement ps = conn.prepareStatement("SELECT id FROM orders WHERE id = ?")) {
			ps.setString(1, KNOWN);
			try (ResultSet rs = ps.executeQuery()) {
				check(rs.next() && KNOWN.equals(rs.getString(1)), "stringtype=unspecified lookup");
			}
		}
	}

	/* bad text is a clear error with SQLSTATE 22P02 */
	static void badTextIsInvalidTextRepresentation() throws Exception {
		try (Connection conn = fresh();
			 PreparedStatement ps = conn.prepareStatement("INSERT INTO orders (id) VALUES (?)")) {
			ps.setObject(1, "01ARYZ6S41TSV4RRFFQ69G5FAU", Types.OTHER);
			ps.executeUpdate();
			throw new AssertionError("bad text was accepted");
		} catch (SQLException e) {
			check("22P02".equals(e.getSQLState()) &&
				  e.getMessage().contains("invalid input syntax for type ulid"),
				  e.getSQLState() + " " + e.getMessage());
		}
	}

	interface Test {
		void run() throws Exception;
	}

	static int passed, failed;

	static void test(String name, Test t) {
		try {
			t.run();
			passed++;
			System.out.println("ok: " + name);
		} catch (Throwable e) {
			failed++;
			System.out.println("FAILED: " + name + ": " + e);
		}
	}

	public static void main(String[] args) {
		test("the oracle agrees with the published uuid form", UlidTest::oracleAgreesWithUuid);
		test("the README example", UlidTest::readmeExample);
		test("generated ids round-trip as text", UlidTest::generatedTextRoundTrip);
		test("a UUID parameter uses the index", UlidTest::uuidKeyUsesIndex);
		test("string parameters: setString fails, Types.OTHER, ?::ulid and stringtype=unspecified work",
			 UlidTest::stringParameters);
		test("bad text is SQLSTATE 22P02", UlidTest::badTextIsInvalidTextRepresentation);
		System.out.println("java: " + passed + " passed, " + failed + " failed");
		System.exit(failed == 0 ? 0 : 1);
	}
}
