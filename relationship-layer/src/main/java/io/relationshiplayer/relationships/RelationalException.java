package io.relationshiplayer.relationships;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The relationship layer's one exception: a kind that says what went wrong, its SQLSTATE (PostgreSQL's code for exactly
 * this failure, decided where it is raised), the constraint involved (if any), and a message naming what the caller
 * must fix.
 */
public class RelationalException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong, each with the SQLSTATE it has unless the raise site names a more precise one. */
    public enum Kind {
        /** A table, column, index or constraint that does not exist. */
        UNDEFINED_OBJECT("42704"),
        /** A table, column, index or constraint that already exists. */
        DUPLICATE_OBJECT("42710"),
        /** A definition that is not valid (bad type, unknown option, DDL that would break data). */
        INVALID("42P16"),
        /** A value that does not fit its column: wrong type, too long, out of range. */
        DATA("22000"),
        NOT_NULL_VIOLATION("23502"),
        UNIQUE_VIOLATION("23505"),
        FOREIGN_KEY_VIOLATION("23503"),
        CHECK_VIOLATION("23514"),
        /** A feature this layer does not offer (or not with this definition). */
        FEATURE_NOT_SUPPORTED("0A000"),
        /** The change is valid but refused in the current state (e.g. dropping a referenced table). */
        DEPENDENT_OBJECTS("2BP01"),
        /** The transaction is aborted (a statement in it was refused): roll it back. */
        ABORTED("25P02"),
        /** A feature the engine lacks in this form (the statement may run in another). */
        NOT_SUPPORTED("0A000"),
        /** A serialization conflict: retry the transaction. */
        CONFLICT("40001"),
        INTERNAL("XX000");

        private final String sqlState;

        Kind(String sqlState) {
            this.sqlState = sqlState;
        }

        /** The SQLSTATE of a failure of this kind that names nothing more precise. */
        @Nonnull
        public String sqlState() {
            return sqlState;
        }
    }

    /** PostgreSQL's undefined_table. */
    public static final String UNDEFINED_TABLE = "42P01";
    /** PostgreSQL's undefined_column. */
    public static final String UNDEFINED_COLUMN = "42703";
    /** PostgreSQL's duplicate_table. */
    public static final String DUPLICATE_TABLE = "42P07";
    /** PostgreSQL's duplicate_column. */
    public static final String DUPLICATE_COLUMN = "42701";
    /** PostgreSQL's string_data_right_truncation: a value too long for its column. */
    public static final String STRING_TOO_LONG = "22001";
    /** PostgreSQL's numeric_value_out_of_range. */
    public static final String OUT_OF_RANGE = "22003";
    /** PostgreSQL's program_limit_exceeded: a value or row over FoundationDB's limits. */
    public static final String PROGRAM_LIMIT_EXCEEDED = "54000";
    /** PostgreSQL's invalid_text_representation: text that does not parse as the column's type. */
    public static final String INVALID_TEXT = "22P02";
    /** PostgreSQL's invalid_datetime_format: text that is no date or time. */
    public static final String INVALID_DATETIME = "22007";
    /** PostgreSQL's datetime_field_overflow: a date or time field out of range. */
    public static final String DATETIME_OVERFLOW = "22008";
    /** PostgreSQL's datatype_mismatch: a value of another type than its column's. */
    public static final String DATATYPE_MISMATCH = "42804";

    /** PostgreSQL's wrong_object_type: a view named where a table must be, or a table where a view must be. */
    public static final String WRONG_OBJECT_TYPE = "42809";
    /** PostgreSQL's invalid_object_definition: a view that would read itself. */
    public static final String INVALID_OBJECT_DEFINITION = "42P17";

    /** PostgreSQL's invalid_foreign_key: a foreign key to columns that are no key of the referenced table. */
    public static final String INVALID_FOREIGN_KEY = "42830";

    private final Kind kind;
    private final String sqlState;
    private final String constraint;
    private final String detail;
    private final String hint;

    public RelationalException(@Nonnull Kind kind, @Nonnull String message) {
        this(kind, message, null, null);
    }

    public RelationalException(@Nonnull Kind kind, @Nonnull String message, @Nullable String constraint,
                               @Nullable Throwable cause) {
        this(kind, kind.sqlState(), message, constraint, cause);
    }

    /** A failure of {@code kind} with a more precise SQLSTATE than the kind's (an error of a compiled check). */
    public RelationalException(@Nonnull Kind kind, @Nonnull String sqlState, @Nonnull String message,
                                @Nullable String constraint, @Nullable Throwable cause) {
        this(kind, sqlState, message, null, null, constraint, cause);
    }

    /**
     * As above, with PostgreSQL's DETAIL and HINT (null: none): the message is PostgreSQL's primary message, which
     * never holds them ({@code duplicate key value violates unique constraint "t_pkey"}, detail
     * {@code Key (id)=(1) already exists.}).
     */
    public RelationalException(@Nonnull Kind kind, @Nonnull String sqlState, @Nonnull String message,
                               @Nullable String detail, @Nullable String hint, @Nullable String constraint,
                               @Nullable Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.sqlState = sqlState;
        this.constraint = constraint;
        this.detail = detail;
        this.hint = hint;
    }

    @Nonnull
    public Kind kind() {
        return kind;
    }

    /** PostgreSQL's SQLSTATE for this failure. */
    @Nonnull
    public String sqlState() {
        return sqlState;
    }

    /** The name of the violated constraint, for constraint violations. */
    @Nullable
    public String constraint() {
        return constraint;
    }

    /** PostgreSQL's DETAIL of this failure (e.g. {@code Key (id)=(1) already exists.}), or null. */
    @Nullable
    public String detail() {
        return detail;
    }

    /** PostgreSQL's HINT of this failure (e.g. {@code Use DROP ... CASCADE to drop ...}), or null. */
    @Nullable
    public String hint() {
        return hint;
    }

    static RelationalException undefined(String message) {
        return new RelationalException(Kind.UNDEFINED_OBJECT, message);
    }

    static RelationalException undefinedTable(String message) {
        return new RelationalException(Kind.UNDEFINED_OBJECT, UNDEFINED_TABLE, message, null, null);
    }

    static RelationalException undefinedColumn(String message) {
        return new RelationalException(Kind.UNDEFINED_OBJECT, UNDEFINED_COLUMN, message, null, null);
    }

    static RelationalException duplicate(String message) {
        return new RelationalException(Kind.DUPLICATE_OBJECT, message);
    }

    static RelationalException duplicateTable(String message) {
        return new RelationalException(Kind.DUPLICATE_OBJECT, DUPLICATE_TABLE, message, null, null);
    }

    static RelationalException duplicateColumn(String message) {
        return new RelationalException(Kind.DUPLICATE_OBJECT, DUPLICATE_COLUMN, message, null, null);
    }

    static RelationalException invalidForeignKey(String message) {
        return new RelationalException(Kind.INVALID, INVALID_FOREIGN_KEY, message, null, null);
    }

    static RelationalException wrongObjectType(String message) {
        return new RelationalException(Kind.INVALID, WRONG_OBJECT_TYPE, message, null, null);
    }

    static RelationalException invalidObject(String message) {
        return new RelationalException(Kind.INVALID, INVALID_OBJECT_DEFINITION, message, null, null);
    }

    static RelationalException unsupported(String message) {
        return new RelationalException(Kind.FEATURE_NOT_SUPPORTED, message);
    }

    static RelationalException invalid(String message) {
        return new RelationalException(Kind.INVALID, message);
    }

    static RelationalException data(String message) {
        return new RelationalException(Kind.DATA, message);
    }

    /** A value that does not fit its column, with the SQLSTATE saying how (too long, out of range, ...). */
    static RelationalException data(String sqlState, String message) {
        return new RelationalException(Kind.DATA, sqlState, message, null, null);
    }

    static RelationalException violation(Kind kind, String constraint, String message) {
        return new RelationalException(kind, message, constraint, null);
    }

    /** A constraint violation with PostgreSQL's DETAIL ({@code Key (id)=(1) already exists.}). */
    static RelationalException violation(Kind kind, String constraint, String message, String detail) {
        return new RelationalException(kind, kind.sqlState(), message, detail, null, constraint, null);
    }

    /** A refusal because other objects depend on the one dropped, with PostgreSQL's DETAIL and HINT. */
    static RelationalException dependents(String message, String detail, String constraint) {
        return new RelationalException(Kind.DEPENDENT_OBJECTS, Kind.DEPENDENT_OBJECTS.sqlState(), message, detail,
                "Use DROP ... CASCADE to drop the dependent objects too.", constraint, null);
    }
}
