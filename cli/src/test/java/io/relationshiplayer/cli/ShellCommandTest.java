package io.relationshiplayer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rl shell} driven through a dumb JLine terminal on piped streams. */
class ShellCommandTest {
    @TempDir
    Path dir;

    record Session(int exitCode, String out, String err, Path history) {
    }

    Session shell(String input) throws Exception {
        ByteArrayOutputStream terminalOut = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cl = Rl.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        ShellCommand shell = cl.getSubcommands().get("shell").getCommand();
        shell.terminal = new DumbTerminal("test", "dumb",
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), terminalOut, StandardCharsets.UTF_8);
        Path history = dir.resolve("history");
        int code = cl.execute("shell", "--history", history.toString());
        return new Session(code, terminalOut.toString(StandardCharsets.UTF_8), err.toString(), history);
    }

    @Test
    void multiLineStatementsMetaCommandsErrorsAndHistory() throws Exception {
        Session s = shell(String.join("\n",
                "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(20) NOT NULL UNIQUE);",
                "CREATE TABLE tickets (id BIGINT PRIMARY KEY,",
                "  project_id BIGINT REFERENCES projects ON DELETE CASCADE,",
                "  status VARCHAR(10) DEFAULT 'open');",
                "CREATE INDEX tickets_status ON tickets (status);",
                "INSERT INTO projects VALUES (1, 'rl'), (2, 'fdb');",
                "INSERT INTO tickets (id, project_id) VALUES (10, 1), (11, NULL);",
                "CREATE VIEW open_tickets AS SELECT id, status FROM tickets WHERE status = 'open';",
                "SELECT t.id, p.name",
                "FROM tickets t LEFT JOIN projects p ON t.project_id = p.id",
                "ORDER BY t.id;",
                "\\d",
                "\\d tickets",
                "\\d open_tickets",
                "CREATE DATABASE other_db;",
                "\\l",
                "SELECT nope",
                "  FROM tickets;",
                "BEGIN;",
                "\\x",
                "SELECT id, status FROM tickets WHERE id = 10;",
                "COMMIT;",
                "\\q",
                ""));
        assertThat(s.exitCode()).as(s.err()).isZero();
        String out = s.out();
        // the multi-line SELECT ran as one statement (a dumb terminal echoes neither input nor continuation prompts)
        assertThat(out).contains(" id | name\n")
                .contains(" 10 | rl\n")
                .contains(" 11 | NULL\n")
                .containsPattern("\\(2 rows, \\d+\\.\\d ms\\)");
        assertThat(out).contains("Tables").containsPattern(" projects\\s+\\|\\s+2\n").containsPattern(" tickets\\s+\\|\\s+3\n");
        assertThat(out).contains("Table tickets")
                .containsPattern(" project_id \\| BIGINT")
                .contains("Primary key: (id)")
                .contains("Foreign keys:")
                .contains("REFERENCES projects")
                .contains("Indexes:")
                .contains("tickets_status");
        assertThat(out).contains("Views").containsPattern(" open_tickets\\s+\\|\\s+2\n")
                .contains("View open_tickets")
                .containsPattern(" status +\\| VARCHAR")
                .contains("View definition:\n  SELECT id, status FROM tickets WHERE status = 'open'");
        assertThat(out).containsPattern("database_name[^\n]*\n-+\n(?:[^\n]*\n)*? *other_db *\n");
        assertThat(out).contains("(SQLSTATE 42703) at line 1, column 8").contains("  SELECT nope\n         ^");
        assertThat(out).contains("rl*> ").contains("-[ RECORD 1 ]").containsPattern("status \\| open");
        String history = Files.readString(s.history());
        assertThat(history).contains("SELECT t.id, p.name").contains("ORDER BY t.id;").contains("\\d tickets");
    }

    @Test
    void endOfInputLeavesAndAnIncompleteStatementIsNotRun() throws Exception {
        Session s = shell("SELECT 1 + 1 AS two;\nSELECT 3\n");
        assertThat(s.exitCode()).isZero();
        assertThat(s.out()).contains(" two\n").contains("   2\n").doesNotContain(" 3\n");
    }

    /** Input piped in, not from a terminal: a script, as psql reads it, with no banner and no prompt in the output. */
    @Test
    void pipedInputPrintsNoPrompt() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Rl.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        ShellCommand shell = cl.getSubcommands().get("shell").getCommand();
        shell.stdin = new ByteArrayInputStream("SELECT 1 + 1 AS two;\nSELECT nope;\nBEGIN;\nSELECT 3 AS three;\n"
                .getBytes(StandardCharsets.UTF_8));
        shell.stdinIsTerminal = () -> false;
        int code = cl.execute("shell", "--history", dir.resolve("history").toString());
        assertThat(code).isZero(); // psql goes on after an error in piped input, and exits 0
        assertThat(out.toString()).contains(" two\n").contains("   2\n").contains(" three\n")
                .doesNotContain("rl=>").doesNotContain("rl*>").doesNotContain("\\? for help")
                .doesNotContain("no --connect");
        assertThat(err.toString()).contains("column \"nope\" does not exist").doesNotContain("rl=>");
        assertThat(dir.resolve("history")).doesNotExist();
    }

    /** The test's own standard input is the build's pipe, not a terminal. */
    @Test
    void standardInputOfTheBuildIsNoTerminal() {
        assertThat(Terminals.stdinIsTerminal()).isFalse();
    }
}
