package io.relationshiplayer.sql.grpc;

import io.grpc.Context;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.limits.CallWork;
import io.relationshiplayer.proto.v1.ExecuteBatchResponse;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.SqlSession;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs one ExecuteBatch under a session lease on a worker (no gRPC thread waits on the database): the items in order,
 * stopped between two items by the call's cancellation, the session's closing or the statement timeout (which then
 * applies to the whole batch). The runner releases the lease before it answers.
 */
final class BatchRunner {
    private final Sessions.Lease lease;
    private final Supplier<List<SqlSession.BatchItem>> items;
    private final boolean beginTransaction;
    private final boolean commit;
    private final ServerCallStreamObserver<ExecuteBatchResponse> call;
    private final StreamSettings settings;
    private final long startNanos = System.nanoTime();
    /** The batch's timeout (zero: none), the session's or the server's ({@link StatementTimeoutException#of}). */
    private final Duration timeout;
    private volatile boolean cancelled;
    /** Set by the timer when the timeout passed, which then stopped the running item. */
    private volatile boolean timedOut;
    private volatile java.util.concurrent.ScheduledFuture<?> timer;

    private BatchRunner(Sessions.Lease lease, Supplier<List<SqlSession.BatchItem>> items, boolean beginTransaction,
                        boolean commit, StreamObserver<ExecuteBatchResponse> observer, StreamSettings settings) {
        this.lease = lease;
        this.items = items;
        this.beginTransaction = beginTransaction;
        this.commit = commit;
        this.call = (ServerCallStreamObserver<ExecuteBatchResponse>) observer;
        this.settings = settings;
        this.timeout = StatementTimeoutException.of(lease, settings.limits());
    }

    /**
     * Starts the batch; must be called from the gRPC handler method. {@code items} runs on the worker, in the call's
     * context (the caller's principal), before the first item: what it throws fails the call.
     */
    static void start(Sessions.Lease lease, Supplier<List<SqlSession.BatchItem>> items, boolean beginTransaction,
                      boolean commit, StreamObserver<ExecuteBatchResponse> observer, StreamSettings settings) {
        BatchRunner r = new BatchRunner(lease, items, beginTransaction, commit, observer, settings);
        // a cancel, and the timeout, reach into the running item (a scan, a sleep), not only between items
        r.call.setOnCancelHandler(() -> {
            r.cancelled = true;
            lease.cancel();
        });
        if (!r.timeout.isZero()) {
            r.timer = settings.timers().schedule(() -> {
                r.timedOut = true;
                lease.cancel();
            }, r.timeout.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
        }
        // the call counts against its client's limits until the batch has stopped, cancelled or not
        Runnable workDone = CallWork.hold();
        settings.metrics().statementStarted(); // a running statement until finish() freed its session
        try {
            settings.worker().execute(Context.current().wrap(() -> {
                try {
                    r.run();
                } finally {
                    workDone.run();
                }
            }));
        } catch (RuntimeException e) {
            workDone.run();
            lease.close();
            settings.metrics().statementStopped();
            throw e;
        }
    }

    private void run() {
        ExecuteBatchResponse response;
        try {
            SqlSession session = lease.session();
            long[] counts = session.executeBatch(items.get(), beginTransaction, commit, this::checkGoing);
            ExecuteBatchResponse.Builder b = ExecuteBatchResponse.newBuilder()
                    .setInTransaction(session.inTransaction());
            for (long c : counts) {
                b.addAffectedRows(c);
            }
            response = b.build();
        } catch (RuntimeException | Error e) {
            finish();
            if (!cancelled) {
                call.onError(SqlGrpcErrors.toStatus(timedOut && e instanceof SqlException x
                        && SqlException.QUERY_CANCELED.equals(x.sqlState())
                        ? StatementTimeoutException.reached(timeout, settings.limits()) : e));
            }
            return;
        }
        finish();
        call.onNext(response);
        call.onCompleted();
    }

    /** Between two items: stop if the call was cancelled, the session closed or the statement timeout passed. */
    private void checkGoing() {
        if (cancelled) {
            throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement due to user request");
        }
        if (lease.revoked()) {
            throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement: its session was closed");
        }
        if (timedOut || !timeout.isZero() && System.nanoTime() - startNanos > timeout.toNanos()) {
            throw StatementTimeoutException.reached(timeout, settings.limits());
        }
    }

    private void finish() {
        java.util.concurrent.ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
        settings.metrics().statement("BATCH", startNanos);
        lease.close();
        settings.metrics().statementStopped();
    }
}
