package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code rl demo} runs to its end with a small data set, showing what it promises. */
class DemoCommandTest {
    @Test
    void runsTheShowcase() {
        CliRun run = rl("demo", "--tickets", "60");
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out())
                .contains("CREATE TABLE tickets (")
                .containsPattern("tickets\\s+60 rows")
                .contains("RecordLayerLookupJoin")
                .contains("access=[INDEX_RANGE(index tickets_status")
                .contains("access=[COUNT_INDEX(tickets_per_status)]")
                .contains("violates foreign key constraint \"comments_author_id_fkey\"")
                .contains("(SQLSTATE 23503)")
                .contains("DELETE FROM projects WHERE code = 'WEB'")
                .contains("./rl shell")
                .doesNotContain("SQLSTATE 42");
        // the cascade: fewer tickets after the project's deletion than before
        String out = run.out();
        int cascade = out.indexOf("DELETE FROM projects");
        assertThat(out.substring(0, cascade)).containsPattern("\\n\\s+8 \\|\\s+60 \\|");
        assertThat(out.substring(cascade)).containsPattern("\\n\\s+7 \\|\\s+\\d+ \\|")
                .doesNotContainPattern("\\n\\s+7 \\|\\s+60 \\|");
    }
}
