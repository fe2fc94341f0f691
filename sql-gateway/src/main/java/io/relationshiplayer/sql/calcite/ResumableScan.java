package io.relationshiplayer.sql.calcite;

import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.record.RecordCursorResult;
import io.relationshiplayer.relationships.AccessPaths;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.sql.SqlErrors;
import java.util.Iterator;
import java.util.NoSuchElementException;
import javax.annotation.Nullable;

/**
 * One scan of a statement (a primary-key or index range) as rows read one ahead. In the statement's one transaction it
 * is a plain cursor. When the statement reads in {@link ReadSegments}, the scan moves to the newest segment at its next
 * row, and to a new one when a read is too old, reopening its cursor there from the continuation of the last row it
 * read: within one scan no row is returned twice and none is skipped, while rows committed between segments may or may
 * not be seen.
 */
final class ResumableScan implements Iterator<Row>, AutoCloseable {
    /** Opens the scan's cursor in a transaction's access paths, from a continuation (null: the start), up to a limit. */
    interface Opener {
        RecordCursor<Row> open(AccessPaths access, @Nullable byte[] continuation, int limit);
    }

    private final SessionBinding binding;
    @Nullable
    private final ReadSegments segments;
    private final Opener opener;
    /** Rows to return at most (0: all). */
    private final int limit;
    private int returned;
    private byte[] continuation;
    private RecordCursor<Row> cursor;
    private ReadSegments.Segment segment;
    private Row ahead;
    private boolean done;

    ResumableScan(SessionBinding binding, Opener opener, int limit) {
        this.binding = binding;
        this.segments = binding.readSegments();
        this.opener = opener;
        this.limit = limit;
    }

    @Override
    public boolean hasNext() {
        if (ahead == null && !done) {
            readAhead();
        }
        return ahead != null;
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Row r = ahead;
        ahead = null;
        return r;
    }

    private void readAhead() {
        boolean renewed = false;
        while (true) {
            if (limit > 0 && returned >= limit) {
                close();
                return;
            }
            RecordCursorResult<Row> result;
            try {
                result = cursor().getNext();
            } catch (RuntimeException e) {
                if (segments == null || renewed || !SqlErrors.transactionTooOld(e)) {
                    throw e;
                }
                // Too old before its time (a slow read, a paused client): once more, in a new transaction.
                segments.tooOld(segment);
                closeCursor();
                renewed = true;
                continue;
            }
            if (result.hasNext()) {
                ahead = result.get();
                continuation = result.getContinuation().toBytes();
                returned++;
            } else {
                close();
            }
            return;
        }
    }

    /** The cursor to read from: opened, or reopened from the continuation when the statement moved on. */
    private RecordCursor<Row> cursor() {
        if (segments == null) {
            if (cursor == null) {
                cursor = opener.open(binding.current().access(), null, limit);
            }
            return cursor;
        }
        if (cursor != null && segment != segments.current()) {
            closeCursor();
        }
        if (cursor == null) {
            segment = segments.acquire();
            cursor = opener.open(segment.session().access(), continuation, limit == 0 ? 0 : limit - returned);
        }
        return cursor;
    }

    private void closeCursor() {
        if (cursor != null) {
            cursor.close();
            cursor = null;
        }
        if (segment != null) {
            segments.release(segment);
            segment = null;
        }
    }

    @Override
    public void close() {
        done = true;
        closeCursor();
    }
}
