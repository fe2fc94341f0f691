package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static io.relationshiplayer.cli.CliRun.rlWithInput;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code \copy} and COPY in {@code rl shell} and {@code rl sql} against a real server on a loopback port. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CopyCommandTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

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
        db = "copy" + DATABASES.incrementAndGet();
    }

    CliRun sql(String... args) {
        List<String> all = new ArrayList<>(List.of("sql", "--connect", connect, "--database", db));
        all.addAll(Arrays.asList(args));
        return rl(all.toArray(new String[0]));
    }

    /** Runs {@code script} with {@code rl shell -f}. */
    CliRun shell(String script) throws IOException {
        Path file = Files.createTempFile(dir, "script", ".sql");
        Files.writeString(file, script);
        return rl("shell", "--connect", connect, "--database", db, "-f", file.toString());
    }

    long count(String where) {
        CliRun run = sql("--format", "csv", "SELECT COUNT(*) AS c FROM t" + where);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return Long.parseLong(run.out().split("\r\n")[1]);
    }

    /** 10,000 rows of CSV as PostgreSQL writes it: quotes, commas, line breaks in fields, NULLs and empty strings. */
    static String tenThousandRows() {
        StringBuilder b = new StringBuilder("id,name,n\n");
        for (int i = 1; i <= 10_000; i++) {
            String name = switch (i % 7) {
                case 0 -> "\"Smith, J" + i + "\"";
                case 1 -> "\"say \"\"hi\"\" " + i + "\"";
                case 2 -> "\"two\nlines " + i + "\"";
                case 3 -> "";
                case 4 -> "\"\"";
                case 5 -> "plain " + i + " é中";
                default -> "\\. " + i;
            };
            b.append(i).append(',').append(name).append(',').append(i % 5 == 0 ? "" : Integer.toString(i * 3 - 5000))
                    .append('\n');
        }
        return b.toString();
    }

    @Test
    void loadsTenThousandRowsAndExportsThemByteForByte() throws IOException {
        Path in = dir.resolve("in.csv");
        Path out = dir.resolve("out.csv");
        Files.writeString(in, tenThousandRows());
        CliRun run = shell("CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(40), n INTEGER);\n"
                + "\\copy t FROM '" + in + "' WITH (FORMAT csv, HEADER true)\n"
                + "\\copy (SELECT * FROM t ORDER BY id) TO '" + out + "' CSV HEADER\n");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).containsPattern("COPY 10000 \\(\\d+\\.\\d ms\\)\n\nCOPY 10000 ");
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(in));
        assertThat(count("")).isEqualTo(10_000);
        // an unquoted empty field is NULL, "" the empty string
        assertThat(count(" WHERE name IS NULL")).isEqualTo(IntStream.rangeClosed(1, 10_000).filter(i -> i % 7 == 3)
                .count());
        assertThat(count(" WHERE name = ''")).isEqualTo(IntStream.rangeClosed(1, 10_000).filter(i -> i % 7 == 4)
                .count());
        assertThat(count(" WHERE n IS NULL")).isEqualTo(10_000 / 5);
        assertThat(count(" WHERE name = 'two\nlines 9'")).isEqualTo(1);
        assertThat(count(" WHERE name = 'say \"hi\" 8' AND n = -4976")).isEqualTo(1);
    }

    /** Every column type, from PostgreSQL's text of each, back to the same text: CSV and text formats. */
    @Test
    void everyColumnTypeRoundTrips() throws IOException {
        String csv = "1,-7,9223372036854775807,2.5,12.500,plain,t,2024-02-29,2024-02-29 13:45:10,\\x00ff10\n"
                + "2,,,,,,,,,\n"
                + "3,0,-9223372036854775808,-1e+20,-0.001,\"\",f,1969-12-31,1970-01-01 00:00:00.5,\\x\n"
                + "4,2147483647,0,0.1,1234567.125,\"a,b \"\"q\"\"\",t,2000-01-01,1999-12-31 23:59:59.123,\\x41\n"
                + "5,-2147483648,1,1.5e-05,0.000,\"x\ny\",f,1900-01-01,2038-01-19 03:14:07,\\xdeadbeef\n"
                + "6,1,2,NaN,1.000,é,t,9999-12-31,2000-02-29 12:00:00,\\x00\n"
                + "7,1,2,-Infinity,-1.000,z,t,2000-01-01,2000-01-01 00:00:00,\\x01\n"
                + "8,1,2,123456789012345,2.000,z,t,2000-01-01,2000-01-01 00:00:00,\\x01\n";
        Path in = dir.resolve("kinds.csv");
        Path out = dir.resolve("kinds-out.csv");
        Path text = dir.resolve("kinds.txt");
        Path back = dir.resolve("kinds-back.txt");
        Files.writeString(in, csv);
        CliRun run = shell("CREATE TABLE t (id BIGINT PRIMARY KEY, n INTEGER, b BIGINT, x DOUBLE, m DECIMAL(12,3), "
                + "s VARCHAR(20), f BOOLEAN, d DATE, ts TIMESTAMP, v VARBINARY(8));\n"
                + "\\copy t FROM '" + in + "' (FORMAT csv)\n"
                + "\\copy t TO '" + out + "' (FORMAT csv)\n"
                + "\\copy t TO '" + text + "'\n"
                + "DELETE FROM t;\n"
                + "\\copy t FROM '" + text + "'\n"
                + "\\copy t TO '" + back + "'\n"
                + "SELECT id FROM t WHERE f AND x < 0 AND v = X'01' AND ts = TIMESTAMP '2000-01-01 00:00:00';\n");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(Files.readString(out)).isEqualTo(csv);
        assertThat(Files.readString(back)).isEqualTo(Files.readString(text));
        assertThat(Files.readString(text)).startsWith("1\t-7\t9223372036854775807\t2.5\t12.500\tplain\tt\t")
                .contains("\n2\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n")
                .contains("\ta,b \"q\"\t").contains("\tx\\ny\t");
        assertThat(run.out()).contains(" 7\n(1 row");
    }

    /** A TIME column copies in and out as PostgreSQL's text of a time; a bad one is 22007, one out of range 22008. */
    @Test
    void timesCopyInAndOut() throws IOException {
        Path in = dir.resolve("times.csv");
        Path out = dir.resolve("times-out.csv");
        Files.writeString(in, "1,12:34:56.789012\n2,24:00:00\n3,07:05\n4,\n");
        CliRun run = shell("CREATE TABLE times (id BIGINT PRIMARY KEY, t TIME);\n"
                + "\\copy times FROM '" + in + "' (FORMAT csv)\n"
                + "\\copy times TO '" + out + "' (FORMAT csv)\n"
                + "SELECT id FROM times WHERE t = TIME '07:05:00';\n");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(out)).isEqualTo("1,12:34:56.789012\n2,24:00:00\n3,07:05:00\n4,\n");
        assertThat(run.out()).contains(" 3\n(1 row");
        for (String[] c : new String[][] {{"5,noon\n", "22007"}, {"5,25:00\n", "22008"}}) {
            Path bad = Files.createTempFile(dir, "bad", ".csv");
            Files.writeString(bad, c[0]);
            CliRun failed = shell("\\copy times FROM '" + bad + "' CSV\n");
            assertThat(failed.err()).as(c[0]).contains("(SQLSTATE " + c[1] + ")");
        }
    }

    /** Bad data fails with its SQLSTATE and PostgreSQL's CONTEXT line (the header is line 1), and nothing stays. */
    @Test
    void errorsNameTheLineAndTheirSqlstate() throws IOException {
        sql("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(5), n INTEGER)");
        String[][] cases = {
            {"id,s,n\n1,a,1\n2,b,x2\n", "invalid input syntax for type integer: \"x2\" (SQLSTATE 22P02)",
                "CONTEXT: COPY t, line 3, column n: \"x2\""},
            {"id,s,n\n1,a,1\n2,\"b,1\n3,c,3\n", "unterminated CSV quoted field (SQLSTATE 22P04)",
                "CONTEXT: COPY t, line 3"},
            {"id,s,n\n1,a,1,9\n", "extra data after last expected column (SQLSTATE 22P04)", "CONTEXT: COPY t, line 2"},
            {"id,s,n\n1,a,1\n2,b\n", "missing data for column \"n\" (SQLSTATE 22P04)", "CONTEXT: COPY t, line 3"},
            {"id,s,n\n1,a,99999999999\n", "value \"99999999999\" is out of range for type integer (SQLSTATE 22003)",
                "CONTEXT: COPY t, line 2, column n: \"99999999999\""},
            {"id,s,n\n1,a,1\n2,toolong,2\n", "(SQLSTATE 22001)", "CONTEXT: COPY t, line 3"},
            {"id,s,n\n1,a,1\n,b,2\n", "(SQLSTATE 23502)", "CONTEXT: COPY t, line 3"},
        };
        for (String[] c : cases) {
            Path in = Files.createTempFile(dir, "bad", ".csv");
            Files.writeString(in, c[0]);
            CliRun run = shell("\\set ON_ERROR_STOP on\n\\copy t FROM '" + in + "' CSV HEADER\nSELECT 'not reached';\n");
            assertThat(run.exitCode()).as(c[0]).isEqualTo(3);
            assertThat(run.err()).as(c[0]).startsWith("ERROR: ").contains(c[1]).contains(c[2] + "\n");
            assertThat(run.out()).doesNotContain("not reached");
            assertThat(count("")).as(c[0]).isZero();
        }
    }

    /** A duplicate key on line 2,501 of 3,000: 23505 at that line, and the COPY, one transaction, leaves nothing. */
    @Test
    void aConstraintViolationMidFileLeavesNothing() throws IOException {
        StringBuilder b = new StringBuilder("id,s\n");
        for (int i = 1; i <= 3_000; i++) {
            b.append(i == 2_500 ? 7 : i).append(",r").append(i).append('\n');
        }
        Path in = dir.resolve("dup.csv");
        Files.writeString(in, b.toString());
        CliRun run = shell("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9));\n"
                + "\\copy t FROM '" + in + "' (FORMAT csv, HEADER)\nSELECT 'goes on';\n");
        // PostgreSQL's order: ERROR, DETAIL (the key), CONTEXT; no DETAIL of rows committed before (none were)
        assertThat(run.err()).doesNotContain("batch item").contains("(SQLSTATE 23505)")
                .contains("\nDETAIL:  Key (id)=(7) already exists.\nCONTEXT: COPY t, line 2501\n")
                .doesNotContain("DETAIL: the");
        assertThat(run.out()).contains("goes on");
        assertThat(count("")).isZero();
    }

    /** Inside BEGIN the rows are the transaction's: ROLLBACK leaves none, and a failed COPY aborts it (25P02). */
    @Test
    void insideATransactionRollbackLeavesNothing() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 2_500; i++) {
            b.append(i).append(",r").append(i).append('\n');
        }
        Path good = dir.resolve("good.csv");
        Files.writeString(good, b.toString());
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, b + "x,bad\n");
        CliRun run = shell("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9));\n"
                + "BEGIN;\n\\copy t FROM '" + good + "' CSV\nSELECT COUNT(*) AS inside FROM t;\nROLLBACK;\n"
                + "BEGIN;\n\\copy t FROM '" + bad + "' CSV\nSELECT 1;\nCOMMIT;\n");
        assertThat(run.out()).contains("COPY 2500").contains(" 2500\n(1 row").contains("ROLLBACK");
        assertThat(run.err()).contains("invalid input syntax for type bigint: \"x\" (SQLSTATE 22P02)")
                .contains("CONTEXT: COPY t, line 2501, column id: \"x\"").contains("(SQLSTATE 25P02)");
        assertThat(count("")).isZero();
    }

    /** In a script, COPY FROM STDIN reads the lines after it up to \. (psql scripts, pg_dump's text format). */
    @Test
    void rlSqlReadsCopyDataFromTheScriptAndFromStandardInput() throws IOException {
        Path script = dir.resolve("dump.sql");
        Files.writeString(script, "CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(20));\n"
                + "COPY t (id, s) FROM stdin;\n1\tone\n2\t\\N\n3\ta\\tb\\\\c\n\\.\n"
                + "COPY t FROM STDIN WITH (FORMAT csv, HEADER);\nid,s\n4,\"x;\ny\"\n\\.\n"
                + "SELECT COUNT(*) FROM t;\n");
        CliRun run = sql("-f", script.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("COPY 3 \\(.*\\)\n\nCOPY 1 \\(").contains("     4\n(1 row");

        CliRun piped = rlWithInput("5,five\n6,\"six, \"\"6\"\"\"\n", "sql", "--connect", connect, "--database", db,
                "COPY t FROM STDIN (FORMAT csv)");
        assertThat(piped.exitCode()).as(piped.err()).isZero();
        assertThat(piped.out()).startsWith("COPY 2 (");

        CliRun export = sql("COPY t TO STDOUT (FORMAT csv, HEADER)");
        assertThat(export.out()).isEqualTo("id,s\n1,one\n2,\n3,a\tb\\c\n4,\"x;\ny\"\n5,five\n6,\"six, \"\"6\"\"\"\n");
        CliRun text = sql("COPY (SELECT s FROM t WHERE id < 4 ORDER BY id DESC) TO STDOUT");
        assertThat(text.out()).isEqualTo("a\\tb\\\\c\n\\N\none\n");
    }

    /** A COPY that fails before its data still reads the data up to \., which never runs as statements. */
    @Test
    void theDataOfARefusedCopyIsSkipped() throws IOException {
        Path script = dir.resolve("s.sql");
        Files.writeString(script, "COPY nosuch FROM STDIN;\nDROP TABLE x;\n\\.\nSELECT 'after';\n");
        CliRun run = sql("--continue-on-error", "-f", script.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("(SQLSTATE 42P01)").doesNotContain("DROP");
        assertThat(run.out()).contains("after");
    }

    /** The server reads and writes no client files: COPY ... 'file' is refused with 42501, pointing to \copy. */
    @Test
    void copyWithAServerFileIsRefused() {
        sql("CREATE TABLE t (id BIGINT PRIMARY KEY)");
        CliRun from = sql("COPY t FROM '/etc/passwd'");
        assertThat(from.exitCode()).isEqualTo(1);
        assertThat(from.err()).contains("(SQLSTATE 42501)").contains("\\copy");
        CliRun to = sql("COPY t TO '/tmp/x.csv' CSV");
        assertThat(to.err()).contains("(SQLSTATE 42501)");
        CliRun syntax = sql("COPY t FROM STDIN WITH (FORMAT csv, BOGUS 1)");
        assertThat(syntax.err()).contains("option \"bogus\" not recognized (SQLSTATE 42601) at line 1, column 37");
        CliRun program = sql("COPY t TO PROGRAM 'ls'");
        assertThat(program.err()).contains("(SQLSTATE 0A000)");
    }

    /** The options of either form: DELIMITER, NULL, QUOTE and ESCAPE; psql's older CSV HEADER form. */
    @Test
    void optionsOfBothForms() throws IOException {
        Path in = dir.resolve("semi.csv");
        Files.writeString(in, "id;s\n1;'a;b'\n2;NA\n3;'it\\'s'\n");
        CliRun run = shell("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9));\n"
                + "\\copy t FROM '" + in + "' WITH (FORMAT csv, HEADER true, DELIMITER ';', NULL 'NA', QUOTE '''', "
                + "ESCAPE '\\')\n"
                + "COPY t TO STDOUT WITH DELIMITER '|' NULL 'null' CSV HEADER;\n\\h COPY\n");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("COPY 3").contains("id|s\n1|a;b\n2|null\n3|it's\n")
                .contains("Command:     COPY\n").contains("COPY table [(column [, ...])] FROM STDIN");
    }

    /** At the prompt: psql's invitation, the >> prompt for the data up to \., then COPY n. */
    @Test
    void atThePromptTheDataIsTypedAfterTheStatement() throws Exception {
        java.io.ByteArrayOutputStream terminalOut = new java.io.ByteArrayOutputStream();
        picocli.CommandLine cl = Rl.commandLine();
        java.io.StringWriter err = new java.io.StringWriter();
        cl.setErr(new java.io.PrintWriter(err));
        cl.setOut(new java.io.PrintWriter(new java.io.StringWriter()));
        ShellCommand shell = cl.getSubcommands().get("shell").getCommand();
        String input = "CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9));\nCOPY t FROM STDIN (FORMAT csv);\n"
                + "1,a\n2,\"b\nc\"\n\\.\nSELECT COUNT(*) AS n FROM t;\n";
        shell.terminal = new org.jline.terminal.impl.DumbTerminal("test", "dumb", new java.io.ByteArrayInputStream(
                input.getBytes(java.nio.charset.StandardCharsets.UTF_8)), terminalOut,
                java.nio.charset.StandardCharsets.UTF_8);
        int code = cl.execute("shell", "--connect", connect, "--database", db, "--history",
                dir.resolve("history").toString());
        String out = terminalOut.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(code).as(err.toString()).isZero();
        // each line of data has its >> prompt (not rl-> as a statement's continuation), the quoted line break too
        assertThat(out.split(">> ", -1).length - 1).as(out).isEqualTo(4);
        assertThat(out).contains("Enter data to be copied followed by a newline.").doesNotContain("rl-> ")
                .containsPattern("COPY 2 \\(").contains(" 2\n(1 row");
        assertThat(count(" WHERE s = 'b\nc'")).isEqualTo(1);
    }
}
