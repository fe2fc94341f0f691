package io.relationshiplayer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shell's catalog commands at a (dumb) terminal, against its in-process server: {@code \dt}, {@code \dv},
 * {@code \di}, {@code \d TABLE} with "Referenced by:", {@code \d+ TABLE}, and {@code \c DB}.
 */
class ShellCatalogCommandsTest {
    @TempDir
    Path dir;

    static final String SCHEMA = String.join("\n",
            "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(20) NOT NULL UNIQUE);",
            "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects ON DELETE CASCADE,",
            "  points INTEGER NOT NULL DEFAULT 1 CHECK (points > 0), status VARCHAR(10),",
            "  CONSTRAINT known CHECK (status IN ('open', 'points', 'closed') OR \"status\" IS NULL));",
            "CREATE TABLE links (a BIGINT REFERENCES tickets, b BIGINT);",
            "CREATE INDEX tickets_status ON tickets (status DESC);",
            "CREATE COUNT INDEX tickets_per_project ON tickets (project_id) WITH SUM (points);",
            "CREATE VIEW open_tickets AS SELECT id FROM tickets WHERE status = 'open';",
            "INSERT INTO projects VALUES (1, 'rl'), (2, 'fdb');",
            "INSERT INTO tickets (id, project_id) VALUES (10, 1), (11, 1), (12, 2);");

    @Test
    void listingsOfTablesViewsAndIndexes() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, SCHEMA + "\n\\dt\n\\dv\n\\di\n\\di projects\n\\q\n");
        assertThat(s.exitCode()).as(s.err()).isZero();
        String out = s.out();
        String dt = out.substring(out.indexOf("Tables"), out.indexOf("Views"));
        assertThat(dt).containsPattern(" projects\\s+\\|\\s+2\n").containsPattern(" tickets\\s+\\|\\s+4\n")
                .containsPattern(" links\\s+\\|\\s+2\n").doesNotContain("open_tickets");
        String dv = out.substring(out.indexOf("Views"), out.indexOf("Indexes"));
        assertThat(dv).containsPattern(" open_tickets\\s+\\|\\s+1\n").doesNotContain("projects");
        String di = out.substring(out.indexOf("Indexes"));
        assertThat(di).containsPattern(" index +\\| table +\\| columns +\\| unique \\| count\n")
                .containsPattern(" projects_pkey +\\| projects \\| \\(id\\) +\\| yes +\\| no\n")
                .containsPattern(" projects_name_key +\\| projects \\| \\(name\\) +\\| yes +\\| no\n")
                .containsPattern(" tickets_status +\\| tickets +\\| \\(status DESC\\) +\\| no +\\| no\n")
                .containsPattern(" tickets_per_project +\\| tickets +\\| \\(project_id\\) WITH SUM \\(points\\) +\\| "
                        + "no +\\| yes\n")
                .doesNotContain("links_pkey");
        // \di projects: that table's only
        String second = di.substring(di.indexOf("Indexes", 1));
        assertThat(second).contains("projects_name_key").doesNotContain("tickets_status");
    }

    @Test
    void describeShowsChecksReferencesAndWithPlusKeysAndRows() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, SCHEMA + "\n\\d projects\n\\d+ tickets\n\\q\n");
        assertThat(s.exitCode()).as(s.err()).isZero();
        String out = s.out();
        String projects = out.substring(out.indexOf("Table projects"), out.indexOf("Table tickets"));
        assertThat(projects).contains("Referenced by:\n  TABLE tickets CONSTRAINT tickets_project_id_fkey FOREIGN KEY "
                + "(project_id) REFERENCES projects (id) ON DELETE CASCADE ON UPDATE NO ACTION\n")
                .doesNotContain("links_a_fkey").doesNotContain("constraints and indexes").doesNotContain("Rows:");
        String tickets = out.substring(out.indexOf("Table tickets"));
        assertThat(tickets).containsPattern(" column +\\| type +\\| nullable \\| default \\| constraints and indexes\n")
                .containsPattern(" id +\\| BIGINT +\\| not null \\| +\\| primary key\n")
                .containsPattern(" project_id \\| BIGINT +\\| +\\| +\\| tickets_project_id_fkey, "
                        + "tickets_per_project\n")
                // a check reads a column it names outside its string literals ('points' is not the column)
                .containsPattern(" points +\\| INTEGER +\\| not null \\| 1 +\\| tickets_points_check\n")
                .containsPattern(" status +\\| VARCHAR\\(10\\) \\| +\\| +\\| known, tickets_status\n")
                .contains("Check constraints:\n  tickets_points_check CHECK (points > 0)\n  known CHECK (status IN ")
                .contains("Count indexes:\n  tickets_per_project (project_id) WITH SUM (points)\n")
                .contains("Referenced by:\n  TABLE links CONSTRAINT links_a_fkey FOREIGN KEY (a) REFERENCES "
                        + "tickets (id)")
                .contains("Rows: 3\n");
    }

    /** A TIME(p) or TIMESTAMP(p) column shows its precision; a plain TIME none. */
    @Test
    void describeShowsTimePrecisions() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, "CREATE TABLE clock_d (id BIGINT PRIMARY KEY, t TIME, "
                + "t3 TIME(3), t0 TIME(0) WITHOUT TIME ZONE, ts0 TIMESTAMP(0));\n\\d clock_d\n\\q\n");
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.out()).containsPattern(" t +\\| TIME +\\|").containsPattern(" t3 +\\| TIME\\(3\\) +\\|")
                .containsPattern(" t0 +\\| TIME\\(0\\) +\\|").containsPattern(" ts0 +\\| TIMESTAMP\\(0\\) +\\|");
    }

    @Test
    void connectSwitchesTheDatabaseAndAMissingOneKeepsTheOld() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, String.join("\n",
                "CREATE TABLE here (id BIGINT PRIMARY KEY);",
                "CREATE DATABASE elsewhere;",
                "BEGIN;",
                "INSERT INTO here VALUES (1);",
                "\\c nowhere",
                "\\conninfo",
                "SELECT COUNT(*) AS still_here FROM here;",
                "\\c elsewhere",
                "\\conninfo",
                "CREATE TABLE there (id BIGINT PRIMARY KEY);",
                "\\dt",
                "\\c default",
                "SELECT COUNT(*) AS after_rollback FROM here;",
                "\\q", ""));
        assertThat(s.exitCode()).as(s.err()).isZero();
        String out = s.out();
        assertThat(out).contains("connection to server at \"127.0.0.1:").contains("\" failed: FATAL:  database "
                + "\"nowhere\" does not exist (SQLSTATE 3D000)\nPrevious connection kept\n");
        // the old session stayed, its transaction open
        String kept = out.substring(out.indexOf("Previous connection kept"));
        assertThat(kept).contains("You are connected to database \"default\"").containsPattern(
                "still_here\n-+\n +1\n").contains("You are now connected to database \"elsewhere\".")
                .contains("You are connected to database \"elsewhere\"").contains("rl:elsewhere=> ");
        String there = out.substring(out.indexOf("rl:elsewhere=> "));
        assertThat(there).containsPattern(" there +\\| 1\n");
        assertThat(there.substring(0, there.indexOf("You are now connected to database \"default\".")))
                .doesNotContain(" here ");
        // \c closed the session of the open transaction: it rolled back
        assertThat(out).containsPattern("after_rollback\n-+\n +0\n");
        assertThat(out).contains("rl*> ");
    }

    @Test
    void connectInAScriptStopsItOnErrorWhenAsked() throws Exception {
        ShellDriver.Session s = ShellDriver.shell(dir, "", List.of("-v", "ON_ERROR_STOP=1", "--command",
                "\\c missing_db", "--command", "SELECT 1 AS not_reached;"), w -> { });
        assertThat(s.exitCode()).isEqualTo(3);
        assertThat(s.err()).contains("database \"missing_db\" does not exist").contains("Previous connection kept");
    }
}
