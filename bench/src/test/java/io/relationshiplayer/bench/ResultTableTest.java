package io.relationshiplayer.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine benchmark's table byte for byte, an overflowing figure included. */
class ResultTableTest {
    @Test
    void printsEachRowBesideFoundationDbsFiguresThenTheGoals() {
        ResultTable table = new ResultTable(new FdbReference(50_000, 40_000, 30_000, 10_000, "fdb docs"));
        String text = Golden.printed(out -> table.print(List.of(
                new ResultTable.Row("memory", false, 1, 123_456.7, 98_765.4),
                new ResultTable.Row("memory", false, 4, 223_456.7, 60_000),
                new ResultTable.Row("durable", true, 1, 31_000, 9_000.5),
                new ResultTable.Row("durable", true, 2, 1_234_567_890.0, 12_000)), out));
        assertThat(text).isEqualTo(Golden.read(ResultTableTest.class, "result-table.txt")
                .replace("{cores}", Integer.toString(Runtime.getRuntime().availableProcessors())));
    }
}
