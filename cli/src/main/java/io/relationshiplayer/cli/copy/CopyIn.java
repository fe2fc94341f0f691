package io.relationshiplayer.cli.copy;

import java.util.List;

/**
 * One COPY FROM under way: lines go in one at a time (from a file, or the lines after the statement in a script or at
 * the prompt, up to {@code \.}), records are parsed ({@link RowReader}) and loaded ({@link CopyLoader}). After a
 * failure the remaining lines up to {@code \.} are read and dropped, so that data never runs as statements.
 */
public final class CopyIn {
    private final CopyStatement statement;
    private final RowReader reader;
    private final CopyLoader loader;
    private final boolean inline;
    private boolean headerPending;
    private CopyException failure;
    private boolean ended;
    /** A COPY refused before its data (its error already printed): the data is read and dropped. */
    private boolean refused;

    CopyIn(CopyStatement statement, CopyLoader loader, boolean inline) {
        this.statement = statement;
        this.reader = new RowReader(statement.options());
        this.loader = loader;
        this.inline = inline;
        this.headerPending = statement.options().header();
    }

    /** The data of a COPY that failed before it: read up to \. and dropped, so that it never runs as statements. */
    static CopyIn refused(CopyStatement statement, CopyException failure) {
        CopyIn in = new CopyIn(statement, null, true);
        in.failure = failure;
        in.refused = true;
        return in;
    }

    /** Whether the COPY failed before its data (the failure was reported then). */
    boolean wasRefused() {
        return refused;
    }

    /** One line without its terminator; true once the data has ended ({@code \.}). */
    public boolean line(String text) {
        return line(text, "\n");
    }

    /** As {@link #line(String)}, with the terminator that ended the line ("" for a last line without one). */
    boolean line(String text, String terminator) {
        if (ended) {
            return true;
        }
        if (reader.endMarker(text)) {
            end();
            return true;
        }
        if (failure != null) {
            return false;
        }
        try {
            List<String> fields = reader.feed(text, terminator);
            if (fields == null) {
                return false;
            }
            if (headerPending) {
                headerPending = false;
                return false;
            }
            loader.add(fields, reader.line(), text.length() + fields.size());
        } catch (CopyException e) {
            fail(e.context().isEmpty() ? e.at("COPY " + statement.relation() + ", line " + reader.line()) : e);
            if (!inline) {
                ended = true;
                return true;
            }
        } catch (RuntimeException e) {
            loader.abort();
            loader.close();
            ended = true;
            throw e;
        }
        return false;
    }

    /** The data ended (\. or the end of the input); loads what is left and commits. */
    public void end() {
        if (ended) {
            return;
        }
        ended = true;
        try {
            if (failure == null) {
                reader.finish();
                count = loader.finish();
            }
        } catch (CopyException e) {
            fail(e.context().isEmpty() && e.sqlState().equals("22P04") ? e.at("COPY " + statement.relation()
                    + ", line " + reader.line()) : e);
        } finally {
            if (loader != null) {
                loader.close();
            }
        }
    }

    private long count;

    /** Whether the data has ended (successfully or not). */
    public boolean ended() {
        return ended;
    }

    /** The rows loaded; valid once ended without a failure. */
    public long count() {
        return count;
    }

    /** The failure, or null. */
    public CopyException failure() {
        return failure;
    }

    /** Rows that transactions of this COPY committed before its failure, and the line they end at. */
    long[] committedBeforeFailure() {
        return loader == null ? new long[2] : new long[] {loader.committedRows(), loader.committedLine()};
    }

    /** Ends a COPY whose input was interrupted (Ctrl-C): what was sent and not committed rolls back. */
    public void cancel() {
        if (!ended) {
            fail(new CopyException("57014", "canceling statement due to user request"));
            ended = true;
            if (loader != null) {
                loader.close();
            }
        }
    }

    private void fail(CopyException e) {
        if (failure == null) {
            failure = e;
            loader.abort();
        }
    }
}
