package io.relationshiplayer.relationships;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The relationship layer's one exception: a kind that says what went wrong, the constraint involved (if any), and a
 * message naming what the caller must fix.
 */
public class RelationalException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Kind {
        /** A table, column, index or constraint that does not exist. */
        UNDEFINED_OBJECT,
        /** A table, column, index or constraint that already exists. */
        DUPLICATE_OBJECT,
        /** A definition that is not valid (bad type, unknown option, DDL that would break data). */
        INVALID,
        /** A value that does not fit its column: wrong type, too long, out of range. */
        DATA,
        NOT_NULL_VIOLATION,
        UNIQUE_VIOLATION,
        FOREIGN_KEY_VIOLATION,
        /** The change is valid but refused in the current state (e.g. dropping a referenced table). */
        DEPENDENT_OBJECTS,
        /** The transaction is aborted (a statement in it was refused): roll it back. */
        ABORTED,
        /** A serialization conflict: retry the transaction. */
        CONFLICT,
        INTERNAL
    }

    private final Kind kind;
    private final String constraint;

    public RelationalException(@Nonnull Kind kind, @Nonnull String message) {
        this(kind, message, null, null);
    }

    public RelationalException(@Nonnull Kind kind, @Nonnull String message, @Nullable String constraint,
                               @Nullable Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.constraint = constraint;
    }

    @Nonnull
    public Kind kind() {
        return kind;
    }

    /** The name of the violated constraint, for constraint violations. */
    @Nullable
    public String constraint() {
        return constraint;
    }

    static RelationalException undefined(String message) {
        return new RelationalException(Kind.UNDEFINED_OBJECT, message);
    }

    static RelationalException duplicate(String message) {
        return new RelationalException(Kind.DUPLICATE_OBJECT, message);
    }

    static RelationalException invalid(String message) {
        return new RelationalException(Kind.INVALID, message);
    }

    static RelationalException data(String message) {
        return new RelationalException(Kind.DATA, message);
    }

    static RelationalException violation(Kind kind, String constraint, String message) {
        return new RelationalException(kind, message, constraint, null);
    }
}
