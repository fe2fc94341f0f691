package io.relationshiplayer.bench.bank;

import io.relationshiplayer.client.SqlClient;
import java.time.Duration;

/** How the SQL benchmarks call the service: waiting for a restarting server, up to a minute per call. */
public final class SqlBench {
    /** Calls wait for the channel (a restarting server is waited for, not spun on); big batches for the checks. */
    public static final SqlClient.Options OPTIONS = SqlClient.Options.DEFAULTS.withWaitForReady(true)
            .withStatementTimeout(Duration.ofSeconds(60)).withCallTimeout(Duration.ofSeconds(60)).withFetchSize(10_000);

    private SqlBench() {
    }
}
