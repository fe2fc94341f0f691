package io.relationshiplayer.sql;

import io.relationshiplayer.errors.ErrorKind;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A failed SQL statement: a SQLSTATE (PostgreSQL's codes), a message, and for errors in the text the 1-based line and
 * column where it was found (0 when not about a position). Its {@link ErrorKind} (what the gRPC status code follows)
 * is its SQLSTATE's ({@link ErrorKind#ofSqlState}) unless the raise site names another. As PostgreSQL's, the message is
 * the primary one; a DETAIL and a HINT, when the failure has them, are apart ({@link #detail()}, {@link #hint()}).
 */
public class SqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static final String SYNTAX_ERROR = "42601";
    public static final String UNDEFINED_TABLE = "42P01";
    public static final String UNDEFINED_COLUMN = "42703";
    public static final String UNDEFINED_OBJECT = "42704";
    public static final String DUPLICATE_TABLE = "42P07";
    public static final String DUPLICATE_COLUMN = "42701";
    public static final String DUPLICATE_OBJECT = "42710";
    public static final String INVALID_DEFINITION = "42P16";
    public static final String DATATYPE_MISMATCH = "42804";
    public static final String UNDEFINED_FUNCTION = "42883";
    public static final String INVALID_PARAMETER = "42P02";
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    public static final String DATA_EXCEPTION = "22000";
    public static final String STRING_TOO_LONG = "22001";
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    public static final String INVALID_TEXT = "22P02";
    public static final String DIVISION_BY_ZERO = "22012";
    public static final String NOT_NULL_VIOLATION = "23502";
    public static final String FOREIGN_KEY_VIOLATION = "23503";
    public static final String UNIQUE_VIOLATION = "23505";
    public static final String DEPENDENT_OBJECTS = "2BP01";
    public static final String SERIALIZATION_FAILURE = "40001";
    public static final String ACTIVE_TRANSACTION = "25001";
    public static final String NO_ACTIVE_TRANSACTION = "25P01";
    public static final String IN_FAILED_TRANSACTION = "25P02";
    public static final String OBJECT_NOT_IN_PREREQUISITE_STATE = "55000";
    public static final String PROGRAM_LIMIT_EXCEEDED = "54000";
    public static final String STATEMENT_TOO_COMPLEX = "54001";
    public static final String TOO_MANY_COLUMNS = "54011";
    public static final String QUERY_CANCELED = "57014";
    public static final String INTERNAL_ERROR = "XX000";
    public static final String DUPLICATE_DATABASE = "42P04";
    public static final String INVALID_NAME = "42602";
    public static final String INVALID_CATALOG_NAME = "3D000";
    public static final String OBJECT_IN_USE = "55006";

    private final ErrorKind kind;
    private final String sqlState;
    private final int line;
    private final int column;
    private final String detail;
    private final String hint;

    public SqlException(@Nonnull String sqlState, @Nonnull String message) {
        this(sqlState, message, 0, 0, null);
    }

    public SqlException(@Nonnull String sqlState, @Nonnull String message, int line, int column, Throwable cause) {
        this(ErrorKind.ofSqlState(sqlState), sqlState, message, line, column, cause);
    }

    /** A failure whose kind is not its SQLSTATE's (e.g. a statement timeout: 57014 but DEADLINE_EXCEEDED). */
    protected SqlException(@Nonnull ErrorKind kind, @Nonnull String sqlState, @Nonnull String message, int line,
                           int column, Throwable cause) {
        this(kind, sqlState, message, null, null, line, column, cause);
    }

    /**
     * A failure with PostgreSQL's DETAIL and HINT (null: none) beside its primary message, which never holds them:
     * {@code duplicate key value violates unique constraint "t_pkey"}, detail {@code Key (id)=(1) already exists.}
     */
    public SqlException(@Nonnull String sqlState, @Nonnull String message, @Nullable String detail,
                        @Nullable String hint, int line, int column, Throwable cause) {
        this(ErrorKind.ofSqlState(sqlState), sqlState, message, detail, hint, line, column, cause);
    }

    protected SqlException(@Nonnull ErrorKind kind, @Nonnull String sqlState, @Nonnull String message,
                           @Nullable String detail, @Nullable String hint, int line, int column, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.sqlState = sqlState;
        this.line = line;
        this.column = column;
        this.detail = detail == null || detail.isEmpty() ? null : detail;
        this.hint = hint == null || hint.isEmpty() ? null : hint;
    }

    @Nonnull
    public String sqlState() {
        return sqlState;
    }

    /** What the failure means to the caller. */
    @Nonnull
    public ErrorKind kind() {
        return kind;
    }

    /** 1-based line of the error in the statement text; 0 when the error is not about a position. */
    public int line() {
        return line;
    }

    /** 1-based column of the error in its line; 0 when the error is not about a position. */
    public int column() {
        return column;
    }

    /** PostgreSQL's DETAIL: more about the failure (the duplicate key, the failing row); null when none. */
    @Nullable
    public String detail() {
        return detail;
    }

    /** PostgreSQL's HINT: what to do about the failure; null when none. */
    @Nullable
    public String hint() {
        return hint;
    }

    /** Whether retrying the transaction may succeed (serialization failures). */
    public boolean isRetryable() {
        return SERIALIZATION_FAILURE.equals(sqlState);
    }

    public static SqlException syntax(String message, int line, int column) {
        return new SqlException(SYNTAX_ERROR, message, line, column, null);
    }
}
