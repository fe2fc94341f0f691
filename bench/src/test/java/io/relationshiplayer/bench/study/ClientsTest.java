package io.relationshiplayer.bench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** C clients share the calls: each call is made exactly once whatever C is, and each is timed. */
class ClientsTest {
    @Test
    void everyCallIsMadeOnceAndTimedForAnyClientCount() {
        try (Clients clients = new Clients()) {
            for (int c : new int[] {1, 3, 8, 64}) {
                for (int calls : new int[] {0, 5, 100}) {
                    AtomicIntegerArray made = new AtomicIntegerArray(calls);
                    Clients.Run run = clients.time(c, calls, made::incrementAndGet);
                    for (int i = 0; i < calls; i++) {
                        assertThat(made.get(i)).as("call %d of %d with %d clients", i, calls, c).isEqualTo(1);
                    }
                    assertThat(run.calls().count()).isEqualTo(calls);
                    assertThat(run.millis()).isNotNegative();
                }
            }
        }
    }

    @Test
    void aFailingCallFailsTheRun() {
        try (Clients clients = new Clients()) {
            assertThatThrownBy(() -> clients.time(4, 10, i -> {
                if (i == 7) {
                    throw new IllegalStateException("call 7 failed");
                }
            })).isInstanceOf(IllegalStateException.class).hasMessage("call 7 failed");
        }
    }
}
