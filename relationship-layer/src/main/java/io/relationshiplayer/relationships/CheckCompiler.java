package io.relationshiplayer.relationships;

import java.util.List;
import javax.annotation.Nonnull;

/**
 * Turns the expression of a CHECK constraint into a test of rows. The layer stores a check's expression as its author
 * wrote it (SQL text, which this layer does not read) and enforces it on every write; the language's owner (the SQL
 * gateway) supplies the compiler. A table's checks are compiled once per catalog version, not per row.
 */
@FunctionalInterface
public interface CheckCompiler {
    /** A compiler for no language: a table with a CHECK constraint can then be neither created nor written. */
    CheckCompiler NONE = (table, expression) -> {
        throw RelationalException.unsupported("CHECK constraints of table \"" + table.name() + "\" cannot be "
                + "evaluated: this relationship layer was built without a compiler for check expressions");
    };

    /**
     * Compiles {@code expression} over the columns of {@code table}; an expression that is not a valid check (a
     * syntax error, an unknown column, a result that is not boolean, ...) is refused with a {@link RuntimeException}
     * carrying its SQLSTATE.
     */
    @Nonnull
    Compiled compile(@Nonnull Table table, @Nonnull String expression);

    /** A compiled check. Immutable and safe to share between threads. */
    interface Compiled {
        /** The columns the expression reads (by their catalog names): dropping one of them drops the check. */
        @Nonnull
        List<String> columns();

        /**
         * Whether a row (values by column position, in the layer's Java types, see {@link Values}) passes: the
         * expression is TRUE or NULL, as SQL has it.
         */
        boolean test(@Nonnull Object[] values);
    }
}
