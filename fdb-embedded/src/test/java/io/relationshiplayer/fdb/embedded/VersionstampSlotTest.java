package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.Backend;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A transaction's versionstamp: the first outcome wins, and its error is built only when someone asks. */
class VersionstampSlotTest {
    @Test
    void aFailureNobodyAsksForIsNeverBuiltAndTheFirstOutcomeWins() {
        AtomicInteger built = new AtomicInteger();
        VersionstampSlot slot = new VersionstampSlot();
        slot.fail(() -> {
            built.incrementAndGet();
            return FdbError.NO_COMMIT_VERSION.exception();
        });
        slot.fail(FdbError.TRANSACTION_CANCELLED::exception);
        slot.complete(new byte[10]);
        assertThat(built).hasValue(0);
        assertThatThrownBy(() -> slot.future().join()).hasCauseInstanceOf(FDBException.class)
                .satisfies(e -> assertThat(((FDBException) e.getCause()).getCode()).isEqualTo(2021));
        assertThat(built).hasValue(1);
        assertThat(slot.future()).isSameAs(slot.future());
        assertThat(built).hasValue(1);
    }

    @Test
    void aFutureAskedForBeforeTheCommitGetsTheStamp() {
        VersionstampSlot slot = new VersionstampSlot();
        var future = slot.future();
        assertThat(future).isNotDone();
        slot.complete(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        slot.fail(FdbError.TRANSACTION_CANCELLED::exception);
        assertThat(future.join()).hasSize(10).startsWith(1, 2, 3);
    }

    @Test
    void transactionsAnswerAsFoundationDbDoesWhetherAskedBeforeOrAfter() {
        byte[] key = "k".getBytes(StandardCharsets.UTF_8);
        try (Backend backend = Backend.embedded(EngineConfig.memory())) {
            Database db = backend.database();
            // asked before a read-only commit: no_commit_version (2021) once it commits
            try (Transaction tr = db.createTransaction()) {
                var future = tr.getVersionstamp();
                tr.get(key).join();
                tr.commit().join();
                assertThatThrownBy(future::join).isInstanceOf(CompletionException.class)
                        .satisfies(e -> assertThat(((FDBException) e.getCause()).getCode()).isEqualTo(2021));
            }
            // asked before a writing commit: the stamp; closing afterwards does not change it
            byte[] stamp;
            try (Transaction tr = db.createTransaction()) {
                var future = tr.getVersionstamp();
                tr.set(key, key);
                tr.commit().join();
                stamp = future.join();
            }
            assertThat(stamp).hasSize(10);
            // asked, then cancelled by close without a commit: transaction_cancelled (1025)
            Transaction open = db.createTransaction();
            var pending = open.getVersionstamp();
            open.close();
            assertThatThrownBy(pending::join).isInstanceOf(CompletionException.class)
                    .satisfies(e -> assertThat(((FDBException) e.getCause()).getCode()).isEqualTo(1025));
        }
    }
}
