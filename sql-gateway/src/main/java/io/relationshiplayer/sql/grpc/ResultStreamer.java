package io.relationshiplayer.sql.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ResultEnd;
import io.relationshiplayer.proto.v1.ResultHeader;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.RowBatch;
import io.relationshiplayer.sql.ColumnMeta;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementResult;
import io.relationshiplayer.limits.Durations;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.sql.StatementBounds;
import io.relationshiplayer.sql.StatementKind;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one statement under a session lease and streams its result: the header, row batches only while the client's
 * window has room (gRPC flow control), then the end. All work runs on a worker, one task at a time, so no gRPC thread
 * waits on the database and at most one batch is held in memory. A cancelled call cancels the statement, closes its
 * rows and frees the session.
 */
final class ResultStreamer {
    static final int DEFAULT_FETCH = 500;
    /** A batch is cut at about this size whatever the fetch size, so that rows of any width stay bounded. */
    static final int MAX_BATCH_BYTES = 1 << 20;

    private final Sessions.Lease lease;
    private final String sql;
    private final List<Object> params;
    private final ServerCallStreamObserver<ExecuteResponse> call;
    private final Executor worker;
    private final StreamSettings settings;
    private final int fetchSize;
    /** ExecuteRequest.begin_transaction and commit. */
    private boolean beginTransaction;
    private boolean commit;
    private final long startNanos = System.nanoTime();
    private volatile boolean timedOut;
    private volatile ScheduledFuture<?> deadline;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean cancelled;
    private volatile boolean finished;
    private boolean started;
    private StatementResult.Query query;
    private long rowCount;

    private ResultStreamer(Sessions.Lease lease, String sql, List<Object> params,
                           StreamObserver<ExecuteResponse> observer, StreamSettings settings, int fetchSize) {
        this.lease = lease;
        this.sql = sql;
        this.params = params;
        this.call = (ServerCallStreamObserver<ExecuteResponse>) observer;
        this.worker = settings.worker();
        this.settings = settings;
        this.fetchSize = settings.limits().batchSize(fetchSize, DEFAULT_FETCH);
    }

    /** Starts the statement; must be called from the gRPC handler method. The streamer releases the lease. */
    static void start(Sessions.Lease lease, String sql, List<Object> params, StreamObserver<ExecuteResponse> observer,
                      StreamSettings settings, int fetchSize) {
        start(lease, sql, params, observer, settings, fetchSize, false, false);
    }

    /** As {@link #start}, with BEGIN before the statement and COMMIT after it (ExecuteRequest's flags). */
    static void start(Sessions.Lease lease, String sql, List<Object> params, StreamObserver<ExecuteResponse> observer,
                      StreamSettings settings, int fetchSize, boolean beginTransaction, boolean commit) {
        ResultStreamer s = new ResultStreamer(lease, sql, params, observer, settings, fetchSize);
        s.beginTransaction = beginTransaction;
        s.commit = commit;
        settings.metrics().statementStarted();
        s.call.setOnCancelHandler(s::cancel);
        s.call.setOnReadyHandler(s::schedule);
        lease.onRevoke(s::schedule);
        Duration timeout = settings.limits().statementTimeout();
        if (!timeout.isZero()) {
            s.deadline = settings.timers().schedule(s::timeOut, timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
        s.schedule();
    }

    /** The statement ran past its timeout: stop its scan; the worker then ends the call with DEADLINE_EXCEEDED. */
    private void timeOut() {
        if (!finished) {
            timedOut = true;
            lease.cancel();
            schedule();
        }
    }

    private void checkTimeout() {
        if (timedOut) {
            throw timeoutError();
        }
    }

    private StatementTimeoutException timeoutError() {
        return new StatementTimeoutException("canceling statement due to statement timeout: " + ServerLimits.reached(
                ServerLimits.STATEMENT_TIMEOUT, Durations.format(settings.limits().statementTimeout())));
    }

    private void cancel() {
        cancelled = true;
        lease.cancel();
        schedule();
    }

    private void schedule() {
        if (!finished && scheduled.compareAndSet(false, true)) {
            try {
                worker.execute(this::drain);
            } catch (RuntimeException e) {
                scheduled.set(false);
                fail(e);
            }
        }
    }

    private void drain() {
        try {
            synchronized (this) {
                if (finished) {
                    return;
                }
                checkSessionOpen();
                checkTimeout();
                if (!started) {
                    started = true;
                    if (!cancelled && !begin()) {
                        return;
                    }
                }
                while (!cancelled && call.isReady()) {
                    checkSessionOpen();
                    checkTimeout();
                    RowStream rows = query.rows();
                    RowBatch batch = nextBatch(rows, query.columns());
                    boolean more = rows.hasNext();
                    if (batch.getRowsCount() > 0) {
                        call.onNext(ExecuteResponse.newBuilder().setBatch(batch).build());
                    }
                    if (!more) {
                        end(ResultEnd.newBuilder().setRowCount(rowCount));
                        return;
                    }
                }
                if (cancelled) {
                    finish();
                }
            }
        } catch (RuntimeException | Error e) {
            // An Error too (Calcite's generated code may throw one): the session must be freed whatever happened.
            fail(e);
        } finally {
            scheduled.set(false);
        }
        // A ready, cancel or close signal that came while draining found 'scheduled' set: look again.
        if (!finished && (cancelled || timedOut || lease.revoked() || call.isReady())) {
            schedule();
        }
    }

    /** A session closed under the running statement ends it, even while the client reads nothing. */
    private void checkSessionOpen() {
        if (!cancelled && lease.revoked()) {
            throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement: its session was closed");
        }
    }

    /** Runs the statement and sends the header; false if the statement is already complete (no rows). */
    private boolean begin() {
        ServerLimits limits = settings.limits();
        lease.session().bounds(new StatementBounds(limits.maxStatementBytes(), limits.maxStatementDepth()));
        StatementResult result = beginTransaction || commit
                ? lease.session().execute(sql, params, beginTransaction, commit)
                : lease.session().execute(sql, params);
        ResultHeader.Builder header = ResultHeader.newBuilder().setCommand(result.command());
        if (result instanceof StatementResult.Query) {
            query = (StatementResult.Query) result;
            header.setReturnsRows(true);
            query.columns().forEach(c -> header.addColumns(SqlValues.column(c)));
        }
        call.onNext(ExecuteResponse.newBuilder().setHeader(header).build());
        if (result instanceof StatementResult.Update) {
            end(ResultEnd.newBuilder().setAffectedRows(((StatementResult.Update) result).count()));
            return false;
        }
        if (result instanceof StatementResult.Done) {
            end(ResultEnd.newBuilder());
            return false;
        }
        return true;
    }

    private RowBatch nextBatch(RowStream rows, List<ColumnMeta> columns) {
        RowBatch.Builder batch = RowBatch.newBuilder();
        long bytes = 0;
        while (batch.getRowsCount() < fetchSize && bytes < MAX_BATCH_BYTES && !cancelled && !timedOut
                && rows.hasNext()) {
            Row row = SqlValues.row(rows.next(), columns);
            bytes += row.getSerializedSize();
            batch.addRows(row);
        }
        rowCount += batch.getRowsCount();
        return batch.build();
    }

    /** The statement completed: free the session before the client can see the end and send its next call. */
    private void end(ResultEnd.Builder end) {
        lease.session().completeStatement();
        boolean inTransaction = lease.session().inTransaction();
        finish();
        call.onNext(ExecuteResponse.newBuilder().setEnd(end.setDone(true).setInTransaction(inTransaction)).build());
        call.onCompleted();
    }

    private void fail(Throwable e) {
        synchronized (this) {
            if (finished) {
                return;
            }
            finish();
        }
        if (!cancelled) {
            call.onError(SqlGrpcErrors.toStatus(timedOut ? timeoutError() : e, sql));
        }
    }

    /** Closes the rows (ending the scan and an autocommit transaction) and frees the session. */
    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        ScheduledFuture<?> d = deadline;
        if (d != null) {
            d.cancel(false);
        }
        settings.metrics().statement(StatementKind.of(sql).label(), startNanos);
        settings.metrics().statementStopped();
        try {
            if (query != null) {
                query.rows().close();
            }
        } finally {
            lease.close();
        }
    }
}
