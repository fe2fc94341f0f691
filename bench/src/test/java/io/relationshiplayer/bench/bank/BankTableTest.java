package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.bench.Golden;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The bank benchmark's three Markdown tables byte for byte (this machine's cores and heap filled in). */
class BankTableTest {
    @Test
    void printsTheReportsTablesWithThisRunsRowsFirst() {
        String text = Golden.printed(out -> new BankTable(BankTableFixtures.REFERENCE, out)
                .print(BankTableFixtures.measured()));
        int cores = Runtime.getRuntime().availableProcessors();
        double tps = BankTableFixtures.measured().get(0).result().tps();
        String expected = Golden.read(BankTableTest.class, "bank-tables.txt")
                .replace("{cores}", Integer.toString(cores))
                .replace("{heap}", String.format(Locale.ROOT, "%.1f",
                        Runtime.getRuntime().maxMemory() / (1024.0 * 1024 * 1024)))
                .replace("{fdb-per-vcpu}", String.format(Locale.ROOT, "%.2f", (tps / cores) / (12_345.6 / 24)))
                .replace("{pg-per-vcpu}", String.format(Locale.ROOT, "%.2f", (tps / cores) / (2_500.0 / 16)));
        assertThat(text).isEqualTo(expected);
    }
}
