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

    /**
     * A polling worker takes what comes while it polls, and work offered meanwhile beyond that reaches the workers
     * that sleep: none waits for the poller to come back.
     */
    @Test
    void withPollingEveryTaskReachesAWorkerAndNoneWaitsForThePoller() throws Exception {
        for (int round = 0; round < 20; round++) {
            AdmissionQueue q = new AdmissionQueue(100, 20_000);
            java.util.concurrent.ConcurrentLinkedQueue<Runnable> got = new java.util.concurrent.ConcurrentLinkedQueue<>();
            java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(3);
            List<Thread> workers = new java.util.ArrayList<>();
            for (int w = 0; w < 3; w++) {
                Thread t = new Thread(() -> {
                    started.countDown();
                    try {
                        Runnable r = q.poll(5, java.util.concurrent.TimeUnit.SECONDS);
                        if (r != null) {
                            got.add(r);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                t.start();
                workers.add(t);
            }
            started.await();
            if (round % 2 == 1) {
                // offered after every worker went to sleep (the poller once its 20 ms of polling ran out); in the
                // even rounds, at once, while one of them polls
                org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
                        .pollInterval(java.time.Duration.ofMillis(1))
                        .until(() -> workers.stream().allMatch(t -> t.getState() == Thread.State.TIMED_WAITING));
            }
            Runnable a = fresh("a");
            Runnable b = fresh("b");
            Runnable c = fresh("c");
            assertThat(q.offer(a)).isTrue();
            assertThat(q.offer(b)).isTrue();
            assertThat(q.offer(c)).isTrue();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(2);
            for (Thread t : workers) {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
            assertThat(got).as("round %d", round).containsExactlyInAnyOrder(a, b, c);
            assertThat(q.size()).isZero();
        }
    }
}
