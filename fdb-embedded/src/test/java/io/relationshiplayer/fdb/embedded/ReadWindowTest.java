package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.ManualTimeSource;
import io.relationshiplayer.fdb.TimeSource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * The read window: FoundationDB's five seconds by default, shorter when a test asks for it, measured by the engine's
 * clock (the system's, or a test's that it moves).
 */
class ReadWindowTest {
    private static final byte[] KEY = "k".getBytes(StandardCharsets.UTF_8);

    @Test
    void theDefaultIsFoundationDbsFiveSecondsAndAShorterOneMustBePositive() {
        assertThat(EngineConfig.memory().readWindow()).isEqualTo(Duration.ofSeconds(5));
        assertThat(EngineConfig.memory().withReadWindow(Duration.ofMillis(300)).readWindow())
                .isEqualTo(Duration.ofMillis(300));
        assertThatThrownBy(() -> EngineConfig.memory().withReadWindow(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReadPastAShortenedWindowIsTransactionTooOld() throws Exception {
        try (Backend backend = Backend.embedded(EngineConfig.memory().withReadWindow(Duration.ofMillis(200)))) {
            Database db = backend.database();
            db.run(tx -> {
                tx.set(KEY, KEY);
                return null;
            });
            try (Transaction young = db.createTransaction(); Transaction old = db.createTransaction()) {
                assertThat(old.get(KEY).join()).isEqualTo(KEY);
                long read = System.nanoTime();
                // its reads answer until its read version leaves the 200 ms window, then fail with 1007
                org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                        .untilAsserted(() -> assertThatThrownBy(() -> old.get(KEY).join())
                                .isInstanceOfSatisfying(CompletionException.class, e -> assertThat(
                                        ((FDBException) e.getCause()).getCode()).isEqualTo(1007)));
                assertThat(Duration.ofNanos(System.nanoTime() - read)).isGreaterThan(Duration.ofMillis(150));
                assertThat(young.get(KEY).join()).as("a read version taken now is in the window").isEqualTo(KEY);
            }
        }
    }

    @Test
    void theWindowIsMeasuredByTheEnginesClockAndVersionsFollowIt() {
        assertThat(EngineConfig.memory().clock()).isSameAs(TimeSource.SYSTEM);
        ManualTimeSource clock = new ManualTimeSource();
        try (Backend backend = Backend.embedded(EngineConfig.memory().withClock(clock))) {
            assertThat(TimeSource.of(backend.recordDatabase())).as("what the layers above read").isSameAs(clock);
            Database db = backend.database();
            db.run(tx -> {
                tx.set(KEY, KEY);
                return null;
            });
            try (Transaction old = db.createTransaction()) {
                long version = old.getReadVersion().join();
                assertThat(old.get(KEY).join()).isEqualTo(KEY);
                clock.advance(Duration.ofSeconds(5));
                assertThat(old.get(KEY).join()).as("five seconds old: still in the window").isEqualTo(KEY);
                clock.advance(Duration.ofMillis(1));
                assertThatThrownBy(() -> old.get(KEY).join()).isInstanceOfSatisfying(CompletionException.class,
                        e -> assertThat(((FDBException) e.getCause()).getCode()).isEqualTo(1007));
                try (Transaction young = db.createTransaction()) {
                    assertThat(young.getReadVersion().join() - version).as("a million versions a second")
                            .isGreaterThanOrEqualTo(5_000_000L);
                    assertThat(young.get(KEY).join()).isEqualTo(KEY);
                }
            }
        }
    }
}
