package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static io.relationshiplayer.cli.CliRun.rlWithInput;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code rl sql} against a real server on a loopback port: formats parsed back, inputs, errors, exit codes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlCommandTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    static final String KINDS = "CREATE TABLE kinds (id BIGINT PRIMARY KEY, n INTEGER, s VARCHAR(20), "
            + "m DECIMAL(10,3), d DATE, ts TIMESTAMP, b VARBINARY(8), x DOUBLE, f BOOLEAN);\n"
            + "INSERT INTO kinds VALUES (1, -7, 'plain', 12.500, DATE '2024-02-29', TIMESTAMP '2024-02-29 13:45:10',"
            + " X'00ff10', 2.5E0, TRUE),\n"
            + "  (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),\n"
            + "  (3, 0, '', -0.001, DATE '1969-12-31', TIMESTAMP '1970-01-01 00:00:00.5', X'', -1E10, FALSE),\n"
            + "  (4, 2147483647, 'a,b \"q\"', 1234567.125, DATE '2000-01-01', NULL, X'41', 0E0, NULL);\n";

    RunningServer server;
    String connect;
    String db;

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

    @BeforeEach
    void database() {
        db = "sql" + DATABASES.incrementAndGet();
    }

    CliRun sql(String... args) {
        List<String> all = new ArrayList<>(List.of("sql", "--connect", connect, "--database", db));
        all.addAll(Arrays.asList(args));
        return rl(all.toArray(new String[0]));
    }

    /** A statement the server's timeout stopped says so and names the limit, unlike a Ctrl-C ("cancelled"). */
    @Test
    void aStatementTimeoutNamesTheLimit() throws Exception {
        try (RunningServer strict = RunningServer.start(ServerConfig.defaults().withLimits(
                io.relationshiplayer.limits.ServerLimits.DEFAULTS.withStatementTimeout(
                        java.time.Duration.ofMillis(300))))) {
            String tens = "(VALUES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)";
            CliRun run = rl("sql", "--connect", "127.0.0.1:" + strict.port(), "--database", db,
                    "SELECT COUNT(*) FROM " + tens + " a(x), " + tens + " b(x), " + tens + " c(x), " + tens
                            + " d(x), " + tens + " e(x), " + tens + " f(x), " + tens + " g(x), " + tens + " h(x)");
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err()).contains("statement timeout", "statement-timeout=300ms", "57014")
                    .doesNotContain("due to user request");
        }
    }

    /**
     * `rl sql ... | head -2`: once the reader has gone, the statement is cancelled and the command ends quietly; the
     * rest of its 100,000 rows are neither read nor written for nobody.
     */
    @Test
    void aClosedOutputCancelsTheStatementAndEndsTheCommandQuietly() {
        java.util.concurrent.atomic.AtomicLong attempted = new java.util.concurrent.atomic.AtomicLong();
        java.io.Writer closedAfterAFewRows = new java.io.Writer() {
            @Override
            public void write(char[] buf, int off, int len) throws java.io.IOException {
                if (attempted.addAndGet(len) > 100) {
                    throw new java.io.IOException("Broken pipe");
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine cl = Rl.commandLine();
        cl.setOut(new java.io.PrintWriter(closedAfterAFewRows));
        cl.setErr(new java.io.PrintWriter(err));
        String tens = "(VALUES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)";
        int code = cl.execute("sql", "--connect", connect, "--database", db, "--format", "csv",
                "SELECT a.x FROM " + tens + " a(x), " + tens + " b(x), " + tens + " c(x), " + tens + " d(x), " + tens
                        + " e(x)");
        assertThat(code).isZero();
        assertThat(err.toString()).isEmpty();
        // 100,000 rows are some 200,000 characters: it stopped within the first check's rows
        assertThat(attempted.get()).isLessThan(20_000);
    }

    /** A TIME column is PostgreSQL's text of a time in every format (24:00:00 too); JSON writes it as a string. */
    @Test
    void timesAreWrittenAsPostgresqlWritesThem() {
        String q = "CREATE TABLE clock (id BIGINT PRIMARY KEY, t TIME, t0 TIME(0));\n"
                + "INSERT INTO clock VALUES (1, '12:34:56.789012', '23:59:59.5'), (2, '08:00', NULL);\n"
                + "SELECT t, t0 FROM clock ORDER BY id";
        CliRun table = sql(q);
        assertThat(table.out()).contains("12:34:56.789012", "24:00:00", "08:00:00");
        CliRun csv = sql("--format", "csv", q.replace("clock", "clock_csv"));
        assertThat(csv.out().replace("\r\n", "\n")).contains("12:34:56.789012,24:00:00\n08:00:00,\n");
        CliRun json = sql("--format", "json", q.replace("clock", "clock_json"));
        assertThat(json.out()).contains("\"12:34:56.789012\"", "\"24:00:00\"", "\"08:00:00\"");
    }

    /** A date or timestamp before 1 AD keeps its era (BC) in every format; JSON writes ISO 8601's signed year. */
    @Test
    void datesBeforeOneAdKeepTheirEra() {
        String q = "SELECT TIMESTAMP '0044-03-15 12:00:00.25 BC' AS t, CAST(TIMESTAMP '0044-03-15 00:00:00 BC' AS DATE)"
                + " AS d, TIMESTAMP '12024-01-01 00:00:00' AS far";
        CliRun table = sql(q);
        assertThat(table.out()).contains("0044-03-15 12:00:00.25 BC", "0044-03-15 BC", "12024-01-01 00:00:00");
        CliRun csv = sql("--format", "csv", q);
        assertThat(csv.out()).contains("0044-03-15 12:00:00.25 BC,0044-03-15 BC,12024-01-01 00:00:00");
        CliRun json = sql("--format", "json", q);
        assertThat(json.out()).contains("\"-0043-03-15T12:00:00.25\"", "\"-0043-03-15\"", "\"+12024-01-01T00:00:00\"");
    }

    @Test
    void csvIsRfc4180WithNullAsAnEmptyUnquotedField() {
        CliRun run = sql("--format", "csv", KINDS + "SELECT * FROM kinds ORDER BY id");
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("\r\n").doesNotContain("INSERT");
        List<List<String>> rows = parseCsv(run.out());
        assertThat(rows).containsExactly(
                List.of("id", "n", "s", "m", "d", "ts", "b", "x", "f"),
                List.of("1", "-7", "plain", "12.500", "2024-02-29", "2024-02-29 13:45:10", "\\x00ff10", "2.5", "true"),
                Arrays.asList("2", null, null, null, null, null, null, null, null),
                Arrays.asList("3", "0", "", "-0.001", "1969-12-31", "1970-01-01 00:00:00.5", "\\x", "-10000000000",
                        "false"),
                Arrays.asList("4", "2147483647", "a,b \"q\"", "1234567.125", "2000-01-01", null, "\\x41", "0",
                        null));
    }

    @Test
    void jsonIsOneArrayOfTypedObjectsPerQuery() {
        CliRun run = sql("--format", "json", KINDS + "SELECT * FROM kinds ORDER BY id; SELECT COUNT(*) AS c FROM kinds");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String[] lines = run.out().split("\n");
        assertThat(lines).hasSize(2);
        JsonArray rows = JsonParser.parseString(lines[0]).getAsJsonArray();
        assertThat(rows).hasSize(4);
        JsonObject first = rows.get(0).getAsJsonObject();
        assertThat(first.get("id").getAsJsonPrimitive().isNumber()).isTrue();
        assertThat(first.get("id").getAsLong()).isEqualTo(1);
        assertThat(first.get("n").getAsInt()).isEqualTo(-7);
        assertThat(first.get("s").getAsString()).isEqualTo("plain");
        assertThat(first.get("m").getAsJsonPrimitive().isNumber()).isTrue();
        assertThat(first.get("m").getAsBigDecimal()).isEqualTo(new BigDecimal("12.500"));
        assertThat(first.get("d").getAsString()).isEqualTo("2024-02-29");
        assertThat(first.get("ts").getAsString()).isEqualTo("2024-02-29T13:45:10");
        assertThat(first.get("b").getAsString()).isEqualTo("AP8Q");
        assertThat(first.get("x").getAsDouble()).isEqualTo(2.5);
        assertThat(first.get("f").getAsBoolean()).isTrue();
        JsonObject nulls = rows.get(1).getAsJsonObject();
        assertThat(nulls.keySet()).containsExactly("id", "n", "s", "m", "d", "ts", "b", "x", "f");
        for (String k : List.of("n", "s", "m", "d", "ts", "b", "x", "f")) {
            assertThat(nulls.get(k).isJsonNull()).as(k).isTrue();
        }
        JsonObject third = rows.get(2).getAsJsonObject();
        assertThat(third.get("s").getAsString()).isEmpty();
        assertThat(third.get("m").getAsBigDecimal()).isEqualTo(new BigDecimal("-0.001"));
        assertThat(third.get("ts").getAsString()).isEqualTo("1970-01-01T00:00:00.5");
        assertThat(third.get("x").getAsDouble()).isEqualTo(-1e10);
        assertThat(rows.get(3).getAsJsonObject().get("s").getAsString()).isEqualTo("a,b \"q\"");
        JsonElement count = JsonParser.parseString(lines[1]).getAsJsonArray().get(0).getAsJsonObject().get("c");
        assertThat(count.getAsLong()).isEqualTo(4);
    }

    @Test
    void tableIsAlignedWithNullRowCountAndTime() {
        CliRun run = sql(KINDS + "SELECT id, s, m FROM kinds ORDER BY id");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("INSERT 4 (")
                .contains(" id | s       | m\n")
                .contains("----+---------+-------------\n")
                .contains("  1 | plain   |      12.500\n")
                .contains("  2 | NULL    |        NULL\n")
                .contains("  3 |         |      -0.001\n")
                .contains("  4 | a,b \"q\" | 1234567.125\n")
                .containsPattern("\\(4 rows, \\d+\\.\\d ms\\)");
    }

    /** Piped, a table is never cut: the rows after the first chunk of 1,000, wider than it, show whole. */
    @Test
    void aPipedTableNeverCutsRowsWiderThanTheFirstChunk() {
        String tens = "(VALUES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)";
        CliRun run = sql("SELECT a.x * 1000 + b.x * 100 + c.x * 10 + d.x AS n, 'n' || CAST(a.x * 1000 + b.x * 100 "
                + "+ c.x * 10 + d.x AS VARCHAR(9)) AS s FROM " + tens + " a(x), " + tens + " b(x), " + tens + " c(x), "
                + tens + " d(x) WHERE a.x * 1000 + b.x * 100 + c.x * 10 + d.x < 1010 ORDER BY n");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("…").contains(" 999 | n999\n").contains(" 1000 | n1000\n")
                .contains(" 1009 | n1009\n").containsPattern("\\(1,010 rows, \\d+\\.\\d ms\\)");
    }

    @Test
    void readsAFileAndStandardInput() throws IOException {
        Path file = dir.resolve("script.sql");
        Files.writeString(file, "-- a comment; not a statement\nCREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9));\n"
                + "INSERT INTO t VALUES (1, 'a;b'), (2, '/* no */');\n/* done; */\n");
        assertThat(sql("-f", file.toString()).exitCode()).isZero();
        CliRun run = rlWithInput("SELECT s\nFROM t\nORDER BY id;\n", "sql", "--connect", connect, "--database", db,
                "--format", "csv");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("s\r\na;b\r\n/* no */\r\n");
    }

    @Test
    void stopsAtTheFirstErrorWithTheCaret() {
        CliRun run = sql("CREATE TABLE t (id BIGINT PRIMARY KEY)",
                "INSERT INTO t VALUES (1)",
                "SELECT id\nFROM t\nWHERE nope = 1",
                "INSERT INTO t VALUES (2)");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("ERROR: ").contains("(SQLSTATE 42703) at line 3, column 7");
        assertThat(run.err().split("\n")).contains("  WHERE nope = 1", "        ^");
        assertThat(sql("--format", "csv", "SELECT COUNT(*) AS c FROM t").out()).endsWith("c\r\n1\r\n");
    }

    @Test
    void anErrorInAFileIsPlacedAtTheFilesLine() throws Exception {
        Path script = dir.resolve("script.sql");
        java.nio.file.Files.writeString(script, "CREATE TABLE t (id BIGINT PRIMARY KEY);\n\n-- the rows\n"
                + "INSERT INTO t VALUES (1);\nSELECT id\nFROM t\nWHERE nope = 1;\n");
        CliRun run = sql("-f", script.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("(SQLSTATE 42703) at line 7, column 7");
        assertThat(run.err().split("\n")).contains("  WHERE nope = 1", "        ^");
    }

    @Test
    void continueOnErrorRunsTheRestAndStillFails() {
        CliRun run = sql("--continue-on-error", "CREATE TABLE t (id BIGINT PRIMARY KEY)", "SELEC 1",
                "INSERT INTO t VALUES (2)");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("(SQLSTATE 42601) at line 1, column 1").contains("  SELEC 1\n  ^");
        assertThat(run.out()).contains("INSERT 1");
    }

    @Test
    void aRefusedForeignKeyShowsItsSqlstate() {
        CliRun run = sql("CREATE TABLE p (id BIGINT PRIMARY KEY); "
                + "CREATE TABLE c (id BIGINT PRIMARY KEY, p BIGINT REFERENCES p (id)); INSERT INTO c VALUES (1, 9)");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("ERROR: ").contains("(SQLSTATE 23503)");
        // psql's layout: PostgreSQL's DETAIL on a line of its own after the ERROR line
        assertThat(run.err()).isEqualTo("ERROR: insert or update on table \"c\" violates foreign key constraint "
                + "\"c_p_fkey\" (SQLSTATE 23503)\nDETAIL:  Key (p)=(9) is not present in table \"p\".\n");
    }

    @Test
    void anErrorsDetailAndHintFollowItsLineAndCaret() {
        CliRun run = sql("--continue-on-error", "CREATE TABLE p (id BIGINT PRIMARY KEY)",
                "CREATE TABLE c (id BIGINT PRIMARY KEY, p BIGINT REFERENCES p (id))", "INSERT INTO p VALUES (1)",
                "INSERT INTO p VALUES (1)", "DROP TABLE p", "SELECT nope FROM p");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("ERROR: duplicate key value violates unique constraint \"p_pkey\" "
                + "(SQLSTATE 23505)\nDETAIL:  Key (id)=(1) already exists.\n"
                + "ERROR: cannot drop table p because other objects depend on it (SQLSTATE 2BP01)\n"
                + "DETAIL:  constraint c_p_fkey on table c depends on table p\n"
                + "HINT:  Use DROP ... CASCADE to drop the dependent objects too.\n"
                + "ERROR: column \"nope\" does not exist (SQLSTATE 42703) at line 1, column 8\n"
                + "  SELECT nope FROM p\n         ^\n");
    }

    @Test
    void withoutConnectItStartsAServerOfItsOwn() {
        CliRun run = rl("sql", "--format", "json", "SELECT 1 + 1 AS two");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("[{\"two\":2}]\n");
    }

    @Test
    void anUnreachableServerIsOneLineAndExitCodeOne() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliRun run = rl("sql", "--connect", "127.0.0.1:" + port, "SELECT 1");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("rl: cannot reach 127.0.0.1:" + port + ": connection refused\n");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertThat(rl("sql", "--format", "xml", "SELECT 1").exitCode()).isEqualTo(2);
        assertThat(rl("sql", "--connect", "host:99999", "SELECT 1").exitCode()).isEqualTo(2);
        CliRun unknown = rl("sql", "--nope");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err().lines()).as("one line and a hint, not the help")
                .containsExactly("rl: Unknown option: '--nope'", "Try 'rl sql --help' for more information.");
    }

    @Test
    void helpVersionAndCompletion() {
        CliRun help = rl("--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("sql", "shell", "demo", "server", "generate-completion");
        assertThat(rl("sql", "--help").out()).contains("--connect", "--database", "--format", "--continue-on-error");
        assertThat(rl("--version").out()).startsWith("rl ");
        CliRun completion = rl("generate-completion");
        assertThat(completion.exitCode()).isZero();
        assertThat(completion.out()).contains("complete -F").contains("shell");
    }

    /** RFC 4180 records; an empty unquoted field is null, a quoted empty one the empty string. */
    static List<List<String>> parseCsv(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                wasQuoted = true;
            } else if (c == ',' || c == '\r') {
                row.add(field.length() == 0 && !wasQuoted ? null : field.toString());
                field.setLength(0);
                wasQuoted = false;
                if (c == '\r') {
                    i++; // the \n of CRLF
                    rows.add(row);
                    row = new ArrayList<>();
                }
            } else {
                field.append(c);
            }
        }
        return rows;
    }
}
