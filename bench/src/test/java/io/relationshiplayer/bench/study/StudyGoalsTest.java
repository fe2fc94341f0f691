package io.relationshiplayer.bench.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.bench.Golden;
import org.junit.jupiter.api.Test;

/** The goals under the tables judge what the run measured, the concurrent clients' calls per second included. */
class StudyGoalsTest {
    @Test
    void moreClientsAreJudgedByTheProxysCallsPerSecondAgainstDirects() {
        var rows = StudyFixtures.rows();
        String text = Golden.printed(out -> new StudyTable(StudyFixtures.settings(), StudyFixtures.REFERENCE, out)
                .printGoals(rows));
        // get-single N=1,000 at 4 clients: direct 41 ms, proxy 61 ms for the same 1,000 calls
        assertThat(text).contains("  concurrent clients through the proxy within 10% of direct's calls/s: not met "
                + "(proxy / direct: get-single N=1,000 4 clients 0.67x)");
    }

    @Test
    void oneClientCountSaysTheClientsGoalWasNotRun() {
        var rows = StudyFixtures.rows().stream().filter(r -> r.clients() == 1).toList();
        StudySettings one = StudySettings.parse(new String[] {"--runs", "2", "--warmup-seconds", "0", "--tickets",
            "200", "--batches", "20", "--sizes", "get-single=1000,40", "--sizes", "create-multiple=5"});
        String text = Golden.printed(out -> new StudyTable(one, StudyFixtures.REFERENCE, out).printGoals(rows));
        assertThat(text).contains("  concurrent clients through the proxy within 10% of direct's calls/s: not run "
                + "(needs --clients, e.g. 1,8,64)");
    }
}
