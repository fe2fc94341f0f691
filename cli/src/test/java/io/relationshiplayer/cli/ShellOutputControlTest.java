package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell's psql commands: \pset, \x, \o, \g, \watch, \set and :NAME, ON_ERROR_STOP, \conninfo, \h, \timing. */
class ShellOutputControlTest {
    private static final String TABLE = "CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9));\n"
            + "INSERT INTO t VALUES (1, 'one'), (2, NULL);\n";

    @TempDir
    Path dir;

    @Test
    void psetNullBorderAndExpanded() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, TABLE + String.join("\n",
                "\\pset null '(null)'",
                "\\pset border 2",
                "SELECT id, s FROM t ORDER BY id;",
                "\\pset border 0",
                "\\x on",
                "SELECT id, s FROM t WHERE id = 2;",
                "\\x auto",
                "\\x",
                "\\pset border 3",
                "\\pset",
                "\\q", ""));
        assertThat(s.exitCode()).isZero();
        assertThat(s.out()).contains("Null display is \"(null)\".", "Border style is 2.")
                .contains("+----+--------+\n| id | s      |\n+----+--------+\n|  1 | one    |\n|  2 | (null) |\n"
                        + "+----+--------+\n(2 rows")
                .contains("Expanded display is on.", "* Record 1\nid 2\ns  (null)\n")
                .contains("Expanded display is used automatically.", "Expanded display is on.")
                .contains("\\pset: border must be 0, 1 or 2")
                .contains("border    0\nexpanded  on\nformat    table\nnull      \"(null)\"");
    }

    @Test
    void outputToAFileAndBackAndGoWithAFile() throws Exception {
        Path file = dir.resolve("out.txt");
        Path once = dir.resolve("once.txt");
        ShellDriver.Session s = ShellDriver.shell(dir, TABLE + String.join("\n",
                "\\o " + file,
                "SELECT s FROM t WHERE id = 1;",
                "\\o",
                "SELECT 'back' AS here;",
                "SELECT id FROM t",
                "  WHERE id = 2 \\g " + once,
                "SELECT 'again' AS g \\g",
                "\\g",
                "\\q", ""));
        assertThat(s.exitCode()).isZero();
        assertThat(Files.readString(file)).contains(" s\n", " one\n", "(1 row");
        assertThat(Files.readString(once)).contains(" id\n", "  2\n").doesNotContain("one");
        assertThat(s.out()).doesNotContain(" one\n").contains(" back\n");
        // \g runs the buffer; with the buffer empty, the last query again
        assertThat(s.out().split(" again\n", -1)).hasSize(3);
    }

    @Test
    void watchRunsTheQueryUntilItsCountOrCtrlC() throws Exception {
        ShellDriver.Session counted = ShellDriver.shell(dir, "SELECT 'tick' AS w \\watch 0.1 c=3\nSELECT 'after' AS a;\n");
        assertThat(counted.out().split(" tick\n", -1)).hasSize(4);
        assertThat(counted.out()).containsPattern("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(every 0.1s\\)")
                .contains(" after\n");
        ShellDriver.Session stopped = ShellDriver.shell(dir.resolve(".."),
                "SELECT 'tock' AS w;\n\\watch 0.2\nSELECT 'after' AS a;\n", List.of(), w -> {
                    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                            .pollInterval(java.time.Duration.ofMillis(20))
                            .until(() -> w.printed().split(" tock\n", -1).length >= 4);
                    w.interrupt();
                });
        assertThat(stopped.exitCode()).isZero();
        assertThat(stopped.out()).contains(" after\n");
    }

    @Test
    void variablesAreInterpolatedOutsideQuotes() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, TABLE + String.join("\n",
                "\\set key 2",
                "\\set word 'it''s'",
                "\\set col s",
                "SELECT :col, ':key' AS quoted, :'word' AS lit, CAST(:key AS INTEGER) AS k FROM t "
                        + "WHERE id = :key;",
                "\\set",
                "\\unset key",
                "SELECT :key;",
                "\\q", ""));
        assertThat(s.out()).containsPattern(" s +\\| quoted \\| lit +\\| +k\n")
                .containsPattern(" NULL \\| :key +\\| it's \\| +2\n")
                .contains("col = 's'", "key = '2'", "word = 'it''s'".replace("''", "'"))
                .contains("ERROR: ");
    }

    @Test
    void onErrorStopEndsAScriptWithExitThree() throws Exception {
        Path script = dir.resolve("script.sql");
        Files.writeString(script, TABLE + "\\set ON_ERROR_STOP on\nINSERT INTO t VALUES (3, 'x');\n"
                + "SELECT nope\nFROM t;\nINSERT INTO t VALUES (4, 'y');\n");
        CliRun stopped = rl("shell", "--database", "stop", "-f", script.toString());
        assertThat(stopped.exitCode()).isEqualTo(3);
        assertThat(stopped.err()).contains("(SQLSTATE 42703) at line 5, column 8");
        // (3, 'x') went in before the error, (4, 'y') after it did not run
        assertThat(stopped.out()).containsOnlyOnce("INSERT 1 (");

        Files.writeString(script, TABLE + "SELECT nope FROM t;\nSELECT COUNT(*) AS n FROM t\n");
        CliRun goesOn = rl("shell", "-f", script.toString());
        assertThat(goesOn.exitCode()).isZero();
        assertThat(goesOn.out()).contains(" n\n", " 2\n");

        CliRun flag = rl("shell", "-v", "ON_ERROR_STOP=1", "--command", "SELECT nope", "--command", "SELECT 1 AS x");
        assertThat(flag.exitCode()).isEqualTo(3);
        assertThat(flag.out()).doesNotContain(" x\n");
        CliRun last = rl("shell", "--command", "SELECT nope", "--command", "\\x", "--command", "SELECT nope2");
        assertThat(last.exitCode()).isEqualTo(1);
        assertThat(last.out()).contains("Expanded display is on.");
    }

    @Test
    void conninfoHelpAndTiming() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, String.join("\n",
                "\\conninfo",
                "\\h",
                "\\h create table",
                "\\h nope",
                "\\timing off",
                "SELECT 1 AS x;",
                "\\timing",
                "\\q", ""));
        assertThat(s.out()).contains("You are connected to database \"default\" at 127.0.0.1:",
                        "(a server in this process on the memory backend) over plaintext (no TLS), without a token.")
                .contains("Available help", "  ALTER TABLE\n", "  TRUNCATE\n")
                .contains("Command:     CREATE TABLE\n", "REFERENCES table", "action: NO ACTION")
                .contains("No help available for \"nope\".")
                .contains("Timing is off.", "(1 row)\n", "Timing is on.");
    }

    /** An editor for \\e: a script that runs {@code sed} with {@code expressions} on the file it is given. */
    private Path editor(String name, String... expressions) throws Exception {
        StringBuilder sed = new StringBuilder("#!/bin/sh\nsed -i");
        for (String e : expressions) {
            sed.append(" -e '").append(e).append('\'');
        }
        Path p = dir.resolve(name);
        java.nio.file.Files.writeString(p, sed.append(" \"$1\"\n").toString());
        p.toFile().setExecutable(true);
        return p;
    }

    @Test
    void editTheQueryBufferInTheEditorThenRunItOrKeepIt() throws Exception {
        Path script = dir.resolve("edit.sql");
        java.nio.file.Files.writeString(script, "SELECT id AS edited FROM t WHERE id = 9\n");
        ShellDriver.Session s = ShellDriver.shell(dir, TABLE + String.join("\n",
                // the editor changes 9 to 1 and ends the statement: it runs at once
                "\\set EDITOR " + editor("run.sh", "s/9/1/", "s/$/;/"),
                "SELECT id AS picked FROM t WHERE id = 9",
                "\\e",
                // without a ; the edited text waits in the buffer, and \\g runs it
                "\\set EDITOR " + editor("keep.sh", "s/2/1/"),
                "SELECT s AS label FROM t WHERE id = 2",
                "\\e",
                "\\g",
                // a file is edited in place and then input
                "\\set EDITOR " + editor("file.sh", "s/9/2/"),
                "\\e " + script,
                ";",
                "\\set EDITOR false",
                "\\e",
                "\\q", ""));
        assertThat(s.out()).containsSubsequence("picked", "1", "(1 row").containsSubsequence("label", "one", "(1 row")
                .containsSubsequence("edited", "2", "(1 row").doesNotContain("ERROR");
        assertThat(s.out() + s.err()).contains("\\e: the editor (false) exited with code 1");
        assertThat(java.nio.file.Files.readString(script)).contains("id = 2");
    }

    @Test
    void anErrorAfterACopysDataIsPlacedAtItsFileLine() throws Exception {
        Path script = dir.resolve("copy.sql");
        java.nio.file.Files.writeString(script, String.join("\n",
                "CREATE TABLE k (id BIGINT PRIMARY KEY);",   // 1
                "COPY k FROM STDIN;",                         // 2
                "1",                                          // 3
                "2",                                          // 4
                "3",                                          // 5
                "\\.",                                       // 6
                "",                                           // 7
                "SELECT",                                     // 8
                "  nosuch FROM k;", ""));                     // 9
        ShellDriver.Session s = ShellDriver.shell(dir, "", List.of("-f", script.toString()), w -> { });
        assertThat(s.err()).contains("at line 9, column 3").doesNotContain("COPY k, line");
    }
}
