package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.records.RecordServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Statements beyond what the server runs at once wait their turn and finish; beyond what may wait, they are refused at
 * once with 53000.
 */
class StatementPoolTest {

    /** Live threads that run statements and streams now. */
    private static int streamThreadsBusy() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("rl-stream") && t.getState() == Thread.State.RUNNABLE) {
                n++;
            }
        }
        return n;
    }

    @Test
    void manyConcurrentScansAllFinishWhileAtMostTheBoundRunAtOnce() throws Exception {
        int rows = 2_000;
        int clients = 48;
        try (RunningServer server = RunningServer.start(ServerConfig.defaults().withMaxRunningStatements(2));
             SqlClient client = SqlClient.connect(server.target(), ClientSecurity.plaintext())) {
            try (SqlSession s = client.openSession("scans")) {
                s.update("CREATE TABLE t (id BIGINT PRIMARY KEY, v VARCHAR(20))");
                for (int first = 0; first < rows; first += 500) {
                    StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
                    for (int i = first; i < first + 500; i++) {
                        insert.append(i == first ? "" : ", ").append('(').append(i).append(", 'row ").append(i)
                                .append("')");
                    }
                    s.update(insert.toString());
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            AtomicInteger mostBusy = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(clients);
            Thread watcher = new Thread(() -> {
                while (done.getCount() > 0) {
                    mostBusy.accumulateAndGet(streamThreadsBusy(), Math::max);
                    Thread.onSpinWait();
                }
            });
            watcher.start();
            try {
                List<Future<Integer>> scans = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    scans.add(pool.submit(() -> {
                        try (SqlSession s = client.openSession("scans")) {
                            return s.query("SELECT id, v FROM t WHERE v <> 'x' ORDER BY v").size();
                        } finally {
                            done.countDown();
                        }
                    }));
                }
                for (Future<Integer> f : scans) {
                    assertThat(f.get(120, TimeUnit.SECONDS)).isEqualTo(rows);
                }
            } finally {
                pool.shutdownNow();
                watcher.join();
            }
            assertThat(mostBusy.get()).as("statement threads running at once").isBetween(1, 2);
        }
    }

    @Test
    void workBeyondWhatMayWaitIsRefusedAtOnceWith53000() throws Exception {
        ThreadPoolExecutor pool = StatementPool.create(1, 1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            pool.execute(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            pool.execute(() -> { }); // waits for the turn
            RecordServiceException busy = catchThrowableOfType(() -> pool.execute(() -> { }),
                    RecordServiceException.class);
            assertThat(busy.kind().errorKind()).isEqualTo(ErrorKind.RESOURCE_EXHAUSTED);
            assertThat(busy.sqlState()).isEqualTo("53000");
            assertThat(busy).hasMessage("the server is busy: 1 statements are running and 1 wait for a turn (limit "
                    + "max-running-statements=1); try again later");
        } finally {
            release.countDown();
            pool.shutdown();
        }
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(pool.getCompletedTaskCount()).as("the waiting one ran").isEqualTo(2);
    }
}
