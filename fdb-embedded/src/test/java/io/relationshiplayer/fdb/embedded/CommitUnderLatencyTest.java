package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.Backend;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A commit under injected latency whose transaction never asked for its read version but declared read conflicts
 * (the Record Layer adds read conflict keys by hand): the commit needs a read version first and must get one, not wait
 * for it while holding the transaction, whose lock the read version's own completion needs.
 */
class CommitUnderLatencyTest {
    private static final LatencyProfile GRV_20_MS = new LatencyProfile(20_000, 20_000, 0, 0, 0, 0, 1_000, 1_000);

    private Backend backend;
    private Database db;

    @BeforeEach
    void open() {
        backend = Backend.embedded(EngineConfig.memory().withLatency(GRV_20_MS));
        db = backend.database();
    }

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a deadlock fails the test, not the build
    void aCommitWithOnlyDeclaredReadConflictsGetsItsReadVersion() throws Exception {
        try (Transaction tr = db.createTransaction()) {
            tr.addReadConflictKey(key("watched"));
            tr.set(key("k"), key("v"));
            tr.commit().get(10, TimeUnit.SECONDS);
            assertThat(tr.getCommittedVersion()).isPositive();
        }
        try (Transaction tr = db.createTransaction()) {
            assertThat(tr.get(key("k")).get(10, TimeUnit.SECONDS)).isEqualTo(key("v"));
        }
    }

    @Test
    void aDeclaredReadConflictStillConflicts() throws Exception {
        try (Transaction tr = db.createTransaction()) {
            tr.addReadConflictKey(key("watched"));
            tr.set(key("k"), key("mine"));
            long rv = tr.getReadVersion().get(10, TimeUnit.SECONDS);
            db.run(other -> {
                other.set(key("watched"), key("changed"));
                return null;
            });
            assertThat(rv).isPositive();
            Throwable failed = null;
            try {
                tr.commit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                failed = e.getCause();
            }
            assertThat(failed).isInstanceOf(com.apple.foundationdb.FDBException.class);
            assertThat(((com.apple.foundationdb.FDBException) failed).getCode()).isEqualTo(1020);
        }
    }

    private static byte[] key(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
