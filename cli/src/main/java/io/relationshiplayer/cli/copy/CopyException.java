package io.relationshiplayer.cli.copy;

/**
 * A COPY that failed on the client's side or was refused by the server: its SQLSTATE, PostgreSQL's message, and where
 * it failed: an offset in the statement (a syntax error, -1 when none) or PostgreSQL's context line
 * ({@code COPY t, line 3, column n: "x"}, empty when none).
 */
public final class CopyException extends RuntimeException {
    private final String sqlState;
    private final int offset;
    private final String context;
    private final String detail;
    private final String hint;

    CopyException(String sqlState, String message) {
        this(sqlState, message, -1, "");
    }

    CopyException(String sqlState, String message, int offset, String context) {
        this(sqlState, message, offset, context, null, null);
    }

    private CopyException(String sqlState, String message, int offset, String context, String detail, String hint) {
        super(message);
        this.sqlState = sqlState;
        this.offset = offset;
        this.context = context;
        this.detail = detail;
        this.hint = hint;
    }

    /** The server's refusal, {@code message} its message (as the COPY says it), with its DETAIL and HINT. */
    static CopyException refused(io.relationshiplayer.client.SqlClientException e, String message, String context) {
        return new CopyException(e.sqlState(), message, -1, context, e.messageDetail(), e.messageHint());
    }

    /** A syntax error at {@code offset} of the statement. */
    static CopyException syntax(String message, int offset) {
        return new CopyException("42601", message, offset, "");
    }

    /** Bad CSV or text data (22P04). */
    static CopyException badData(String message) {
        return new CopyException("22P04", message);
    }

    static CopyException unsupported(String message) {
        return new CopyException("0A000", message);
    }

    /** The same failure placed at a line of the data: PostgreSQL's CONTEXT. */
    CopyException at(String context) {
        return new CopyException(sqlState, getMessage(), offset, context, detail, hint);
    }

    public String sqlState() {
        return sqlState;
    }

    /** The 0-based offset in the statement of a syntax error, or -1. */
    public int offset() {
        return offset;
    }

    /** The server's DETAIL (PostgreSQL's: {@code Key (id)=(1) already exists.}), or null. */
    public String detail() {
        return detail;
    }

    /** The server's HINT, or null. */
    public String hint() {
        return hint;
    }

    /** PostgreSQL's CONTEXT line without its label, or empty. */
    public String context() {
        return context;
    }
}
