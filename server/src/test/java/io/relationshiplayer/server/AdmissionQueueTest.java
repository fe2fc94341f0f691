package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.grpc.FlowControlledStreamer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AdmissionQueueTest {
    private static Runnable fresh(String name) {
        return new Runnable() {
            @Override
            public void run() {
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    @Test
    void admittedWorkGoesFirstAndIsNeverRefusedNewWorkWaitsInOrderUpToItsBound() throws Exception {
        AdmissionQueue q = new AdmissionQueue(2);
        Runnable a = new FlowControlledStreamer.Turn(() -> { }, false); // a stream's first turn is new work
        Runnable b = fresh("b");
        assertThat(q.offer(a)).isTrue();
        assertThat(q.offer(b)).isTrue();
        assertThat(q.offer(fresh("c"))).as("a third new one is refused").isFalse();
        List<Runnable> resumed = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Runnable r = new FlowControlledStreamer.Turn(() -> { }, true);
            resumed.add(r);
            assertThat(q.offer(r)).as("admitted work past the bound").isTrue();
        }
        assertThat(q.size()).isEqualTo(7);
        for (Runnable r : resumed) {
            assertThat(q.take()).isSameAs(r);
        }
        assertThat(q.poll(1, TimeUnit.MILLISECONDS)).isSameAs(a);
        assertThat(q.offer(fresh("d"))).as("room again").isTrue();
        assertThat(q.poll()).isSameAs(b);
        assertThat(q.poll()).hasToString("d");
        assertThat(q.poll(10, TimeUnit.MILLISECONDS)).isNull();
    }
}
