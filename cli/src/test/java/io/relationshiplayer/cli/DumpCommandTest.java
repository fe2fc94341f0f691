package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * SHOW CREATE and {@code rl dump} against a real server on a loopback port: the DDL and the dump, run on an empty
 * database with {@code rl sql -f}, give the same catalog (SHOW CREATE and DESCRIBE of every table and view) and rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DumpCommandTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    /** Every feature SHOW CREATE writes: composite keys, each referential action, CHECKs, defaults, quoted names. */
    static final String SCHEMA = String.join("\n",
            "CREATE TABLE accounts (region VARCHAR(8), id BIGINT, \"Owner Name\" VARCHAR(40) NOT NULL DEFAULT 'nobody''s',",
            "  balance DECIMAL(12,2) NOT NULL DEFAULT 0.00 CHECK (balance >= -100), rate DOUBLE DEFAULT 2.5E-3,",
            "  active BOOLEAN DEFAULT FALSE, opened DATE DEFAULT DATE '2020-02-29', touched TIMESTAMP DEFAULT TIMESTAMP",
            "  '2020-02-29 23:59:59.5', tag BYTEA DEFAULT '\\x0aff', note TEXT DEFAULT NULL, \"select\" INTEGER DEFAULT -7,",
            "  small SMALLINT DEFAULT -3,",
            "  PRIMARY KEY (region, id), CONSTRAINT owner_unique UNIQUE (\"Owner Name\", region),",
            "  CONSTRAINT sane CHECK (rate IS NULL OR rate < 1));",
            "CREATE TABLE \"Transfer Log\" (n BIGINT PRIMARY KEY, from_region VARCHAR(8) DEFAULT 'eu', from_id BIGINT,",
            "  to_region VARCHAR(8), to_id BIGINT, owner VARCHAR(40), amount INTEGER NOT NULL DEFAULT 1, prev_n BIGINT,",
            "  FOREIGN KEY (from_region, from_id) REFERENCES accounts ON DELETE CASCADE ON UPDATE RESTRICT,",
            "  CONSTRAINT to_fk FOREIGN KEY (to_region, to_id) REFERENCES accounts (region, id) ON DELETE SET NULL "
                    + "ON UPDATE SET DEFAULT,",
            "  FOREIGN KEY (owner, from_region) REFERENCES accounts (\"Owner Name\", region) ON DELETE SET DEFAULT "
                    + "ON UPDATE CASCADE,",
            "  CONSTRAINT prev FOREIGN KEY (prev_n) REFERENCES \"Transfer Log\" ON DELETE RESTRICT ON UPDATE NO ACTION,",
            "  CHECK (amount <> 0));",
            "CREATE INDEX log_by_owner ON \"Transfer Log\" (owner DESC, n);",
            "CREATE UNIQUE INDEX log_to ON \"Transfer Log\" (to_id DESC);",
            "CREATE COUNT INDEX log_per_region ON \"Transfer Log\" (from_region) WITH SUM (amount);",
            "CREATE COUNT INDEX log_count ON \"Transfer Log\" (to_region, from_region);",
            "CREATE TABLE events (at TIMESTAMP NOT NULL, what VARCHAR(20), n BIGINT REFERENCES \"Transfer Log\");",
            "ALTER TABLE events ADD CONSTRAINT what_known CHECK (what IN ('open', 'close'));",
            "CREATE VIEW rich AS SELECT region, id, \"Owner Name\" FROM accounts WHERE balance > 1000;",
            "CREATE VIEW \"Rich Owners\" (who) AS SELECT \"Owner Name\" FROM rich;");

    RunningServer server;
    String connect;

    @TempDir
    Path dir;

    @BeforeAll
    void start() throws Exception {
        server = RunningServer.start(ServerConfig.defaults());
        connect = "127.0.0.1:" + server.port();
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private String database() {
        return "dump" + DATABASES.incrementAndGet();
    }

    private CliRun sql(String db, String script) throws Exception {
        Path file = Files.createTempFile(dir, "script", ".sql");
        Files.writeString(file, script);
        CliRun run = rl("sql", "--connect", connect, "--database", db, "-f", file.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        return run;
    }

    private SqlSession session(String db) {
        return SqlSession.connect("127.0.0.1", server.port(), db);
    }

    /** Each table's and view's SHOW CREATE and DESCRIBE rows, by name, in SHOW TABLES' order. */
    private Map<String, String> catalog(String db) {
        Map<String, String> out = new LinkedHashMap<>();
        try (SqlSession s = session(db)) {
            for (Object[] t : s.query("SHOW TABLES")) {
                String name = (String) t[0];
                String quoted = "\"" + name + "\"";
                StringBuilder describe = new StringBuilder();
                s.query("DESCRIBE " + quoted).forEach(r -> describe.append(List.of(r)).append('\n'));
                out.put(name, t[2] + "\n" + s.query("SHOW CREATE TABLE " + quoted).get(0)[1] + "\n" + describe);
            }
        }
        return out;
    }

    /** Every row of every table, in primary-key order, values as text (bytes as hex). */
    private Map<String, List<String>> rows(String db) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        try (SqlSession s = session(db)) {
            for (Object[] t : s.query("SHOW TABLES")) {
                if (t[2].equals("view")) {
                    continue;
                }
                List<String> rows = new ArrayList<>();
                for (Object[] r : s.query("SELECT * FROM \"" + t[0] + "\"")) {
                    List<String> cells = new ArrayList<>();
                    for (Object v : r) {
                        cells.add(v instanceof byte[] b ? "x" + HexFormat.of().formatHex(b)
                                : v == null ? "NULL" : v.getClass().getSimpleName() + ":" + v);
                    }
                    rows.add(String.join("|", cells));
                }
                out.put((String) t[0], rows);
            }
        }
        return out;
    }

    @Test
    void showCreateRunOnAnEmptyDatabaseGivesTheSameCatalog() throws Exception {
        String original = database();
        sql(original, SCHEMA);
        Map<String, String> before = catalog(original);
        assertThat(before.keySet()).containsExactly("accounts", "Transfer Log", "events", "rich", "Rich Owners");
        String copy = database();
        try (SqlSession s = session(original)) {
            for (String name : before.keySet()) {
                sql(copy, (String) s.query("SHOW CREATE TABLE \"" + name + "\"").get(0)[1]);
            }
        }
        assertThat(catalog(copy)).isEqualTo(before);
        assertThat(before.get("Transfer Log"))
                .contains("CONSTRAINT prev FOREIGN KEY (prev_n) REFERENCES \"Transfer Log\" (n) ON DELETE RESTRICT\n")
                .contains("ON DELETE SET NULL ON UPDATE SET DEFAULT", "ON DELETE SET DEFAULT ON UPDATE CASCADE",
                        "ON DELETE CASCADE ON UPDATE RESTRICT")
                .contains("CREATE UNIQUE INDEX log_to ON \"Transfer Log\" (to_id DESC);")
                .contains("CREATE COUNT INDEX log_count ON \"Transfer Log\" (to_region, from_region);");
        assertThat(before.get("accounts")).contains("small SMALLINT DEFAULT -3");
        assertThat(before.get("events")).doesNotContain("rowid").doesNotContain("PRIMARY KEY");
    }

    @Test
    void aDumpLoadedIntoANewDatabaseHasTheSameSchemaAndRows() throws Exception {
        String original = database();
        sql(original, SCHEMA + "\n" + String.join("\n",
                // a cycle: accounts and managers reference each other
                "CREATE TABLE managers (id BIGINT PRIMARY KEY, region VARCHAR(8), account BIGINT, boss BIGINT "
                        + "REFERENCES managers);",
                "ALTER TABLE accounts ADD COLUMN manager BIGINT REFERENCES managers;",
                "ALTER TABLE accounts ADD CONSTRAINT last_fk FOREIGN KEY (region, id) REFERENCES accounts;",
                "ALTER TABLE managers ADD FOREIGN KEY (region, account) REFERENCES accounts;",
                "CREATE TABLE kinds (id BIGINT PRIMARY KEY, n INTEGER, big BIGINT, x DOUBLE, m DECIMAL(18,6),",
                "  s VARCHAR, b VARBINARY, d DATE, ts TIMESTAMP, f BOOLEAN);",
                "INSERT INTO kinds VALUES (1, -2147483648, -9223372036854775808, 0.1E0, 123456789012.123456,",
                "  'it''s; \"quoted\" -- not a comment', X'00ff10', DATE '0001-01-01', TIMESTAMP '1969-12-31 "
                        + "23:59:59.999', TRUE),",
                "  (2, 2147483647, 9223372036854775807, 0.30000000000000004E0, -0.000001, 'ünï €𝄞 /* x */',",
                "  X'', DATE '9999-12-31', TIMESTAMP '2024-02-29 13:45:10.5', FALSE),",
                "  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),",
                "  (4, 0, 0, 1.7976931348623157E308, 0, '', X'5c27', DATE '1970-01-01', TIMESTAMP '1970-01-01 "
                        + "00:00:00', TRUE),",
                "  (5, 1, 1, 4.9E-324, 1.5, 'line one",
                "line two\\n', X'0a', NULL, NULL, NULL),",
                "  (6, 1, 1, CAST('NaN' AS DOUBLE), 2, 'x', NULL, NULL, NULL, NULL),",
                "  (7, 1, 1, CAST('-Infinity' AS DOUBLE), 2, 'y', NULL, NULL, NULL, NULL),",
                "  (8, 1, 1, 1234567.0E0, 2, 'z', NULL, NULL, NULL, NULL),",
                // before 1 AD (the year of its era is not the year) and past 9999
                "  (9, 1, 1, 1E0, 3, 'bc', NULL, CAST(TIMESTAMP '0044-03-15 00:00:00 BC' AS DATE),",
                "  TIMESTAMP '0044-03-15 12:00:00.25 BC', NULL),",
                "  (10, 1, 1, 1E0, 3, 'far', NULL, NULL, TIMESTAMP '12024-01-01 00:00:00', NULL);",
                "INSERT INTO managers (id) VALUES (1), (2);",
                "UPDATE managers SET boss = 2 WHERE id = 1;",
                "INSERT INTO accounts (region, id, \"Owner Name\", balance, manager) VALUES ('eu', 1, 'ann', 5000, 1),",
                "  ('us', 2, 'bob', 10, 2), ('eu', 3, 'cy', -50.25, NULL);",
                "UPDATE managers SET region = 'eu', account = 1 WHERE id = 2;",
                "INSERT INTO \"Transfer Log\" (n, from_region, from_id, to_region, to_id, owner, amount, prev_n) VALUES",
                "  (1, 'eu', 1, 'us', 2, 'ann', 1, NULL), (2, 'us', 2, 'eu', 1, NULL, 1, 1),",
                "  (3, 'eu', 3, NULL, NULL, 'cy', 2, 2);",
                "INSERT INTO events (\"at\", what, n) VALUES (TIMESTAMP '2024-01-01 00:00:00', 'open', 1),",
                "  (TIMESTAMP '2024-01-01 00:00:00', 'open', 1), (TIMESTAMP '2024-01-02 00:00:00', NULL, NULL);",
                // a view that, replaced, reads a view created after it: the dump creates that one first
                "CREATE VIEW first_view AS SELECT CAST(1 AS BIGINT) AS x;",
                "CREATE VIEW second_view AS SELECT id FROM accounts;",
                "CREATE OR REPLACE VIEW first_view AS SELECT COUNT(*) AS x FROM second_view;",
                "CREATE TABLE numbers (n INTEGER PRIMARY KEY, sq BIGINT);",
                "INSERT INTO numbers SELECT x, x * x FROM (VALUES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9) a(x);",
                // TIME columns: a TIME(p) key, 24:00:00, microseconds, a DEFAULT
                "CREATE TABLE clock (\"at\" TIME(3) PRIMARY KEY, closes TIME DEFAULT TIME '18:00:00.5', note VARCHAR);",
                "CREATE INDEX clock_closes ON clock (closes);",
                "INSERT INTO clock VALUES ('00:00', '24:00:00', 'midnight'), ('12:34:56.789', NULL, 'noon'),",
                "  ('23:59:59.9996', TIME '01:02:03.000004', 'rounded');",
                "INSERT INTO clock (\"at\", note) VALUES ('06:00', 'default');",
                // a foreign key naming the key's columns in another order, INTEGER referencing BIGINT
                "CREATE TABLE audits (id INTEGER PRIMARY KEY, acct_id INTEGER, acct_region VARCHAR(8),",
                "  FOREIGN KEY (acct_id, acct_region) REFERENCES accounts (id, region) ON DELETE CASCADE);",
                "INSERT INTO audits VALUES (1, 1, 'eu'), (2, 2, 'us'), (3, 3, 'eu');"));
        StringBuilder more = new StringBuilder("INSERT INTO numbers VALUES ");
        for (int i = 10; i < 2_500; i++) {
            more.append(i == 10 ? "" : ", ").append('(').append(i).append(", ").append((long) i * i).append(')');
        }
        sql(original, more + ";");
        Path dump = dir.resolve("dump.sql");
        CliRun run = rl("dump", "--connect", connect, "--database", original, "-f", dump.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        String text = Files.readString(dump);
        // 2,500 rows in primary-key order, 1,000 to an INSERT
        assertThat(Pattern.compile("INSERT INTO numbers ").matcher(text).results().count()).isEqualTo(3);
        assertThat(text).contains("  (999, 998001);\nINSERT INTO numbers (n, sq) VALUES\n  (1000, 1000000),");
        // the cycle's foreign keys, and every one declared after them in their table, come last, in order
        assertThat(text.substring(text.lastIndexOf("INSERT INTO"))).contains(
                "ALTER TABLE accounts ADD CONSTRAINT accounts_manager_fkey FOREIGN KEY (manager) REFERENCES "
                        + "managers (id);\nALTER TABLE accounts ADD CONSTRAINT last_fk FOREIGN KEY (region, id) "
                        + "REFERENCES accounts (region, id);",
                "ALTER TABLE managers ADD CONSTRAINT managers_boss_fkey");
        assertThat(text.indexOf("CREATE VIEW rich")).isLessThan(text.indexOf("CREATE VIEW \"Rich Owners\""))
                .isGreaterThan(text.lastIndexOf("CREATE TABLE"));
        assertThat(text.indexOf("CREATE VIEW second_view")).isLessThan(text.indexOf("CREATE VIEW first_view"));
        assertThat(text).contains("0.1E0", "-9223372036854775808", "123456789012.123456", "X'5c27'",
                "CAST('NaN' AS DOUBLE)", "TIMESTAMP '2024-02-29 13:45:10.5'", "'it''s; \"quoted\" -- not a comment'",
                "TIMESTAMP '0044-03-15 12:00:00.25 BC'", "CAST(TIMESTAMP '0044-03-15 00:00:00 BC' AS DATE)",
                "TIMESTAMP '12024-01-01 00:00:00'", "TIME '24:00:00'", "TIME '01:02:03.000004'",
                "TIME '12:34:56.789'", "closes TIME DEFAULT TIME '18:00:00.5'", "at TIME(3) NOT NULL",
                "FOREIGN KEY (acct_id, acct_region) REFERENCES accounts (id, region) ON DELETE CASCADE");

        String copy = database();
        CliRun load = rl("sql", "--connect", connect, "--database", copy, "-f", dump.toString());
        assertThat(load.exitCode()).as(load.err()).isZero();
        assertThat(catalog(copy)).isEqualTo(catalog(original));
        Map<String, List<String>> rows = rows(original);
        assertThat(rows.get("numbers")).hasSize(2_500);
        assertThat(rows.get("kinds")).hasSize(10).contains("Long:6|Integer:1|Long:1|Double:NaN|BigDecimal:2.000000"
                + "|String:x|NULL|NULL|NULL|NULL");
        assertThat(rows.get("events")).hasSize(3);
        assertThat(rows.get("audits")).hasSize(3);
        assertThat(rows.get("clock")).hasSize(4).contains("LocalTime:06:00|LocalTime:18:00:00.500|String:default");
        assertThat(rows(copy)).isEqualTo(rows);
    }

    @Test
    void schemaOnlyAndDataOnlyWriteTheirPart() throws Exception {
        String original = database();
        sql(original, "CREATE TABLE p (id BIGINT PRIMARY KEY);\nCREATE TABLE c (id BIGINT PRIMARY KEY, p BIGINT "
                + "REFERENCES p);\nINSERT INTO p VALUES (1);\nINSERT INTO c VALUES (5, 1);");
        CliRun schema = rl("dump", "--connect", connect, "--database", original, "--schema-only");
        assertThat(schema.exitCode()).as(schema.err()).isZero();
        assertThat(schema.out()).contains("CREATE TABLE p (", "CREATE TABLE c (").doesNotContain("INSERT");
        CliRun data = rl("dump", "--connect", connect, "--database", original, "--data-only");
        assertThat(data.exitCode()).as(data.err()).isZero();
        assertThat(data.out()).doesNotContain("CREATE", "ALTER")
                .contains("INSERT INTO p (id) VALUES\n  (1);\n\nINSERT INTO c (id, p) VALUES\n  (5, 1);");
        String copy = database();
        sql(copy, schema.out());
        sql(copy, data.out());
        assertThat(rows(copy)).isEqualTo(rows(original));
        assertThat(rl("dump", "--schema-only", "--data-only").exitCode()).isEqualTo(2);
    }

    @Test
    void aMissingDatabaseIs3D000AndIsNotCreated() {
        String missing = database();
        CliRun run = rl("dump", "--connect", connect, "--database", missing);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("3D000").contains(missing);
        try (SqlSession s = session("default")) {
            assertThat(s.query("SHOW DATABASES").stream().map(r -> r[0])).doesNotContain(missing);
        }
    }

    @Test
    void showCreateOfAMissingTableIs42P01() {
        CliRun run = rl("sql", "--connect", connect, "--database", database(), "SHOW CREATE TABLE nowhere");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("relation \"nowhere\" does not exist").contains("42P01");
    }
}
