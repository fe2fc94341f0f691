package io.relationshiplayer.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.relationships.RelationalException.Kind;
import io.relationshiplayer.sql.SqlException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The mapping of the layers' exceptions to SQLSTATEs, message and cause kept; no store needed. */
class RelationalErrorsTest {

    /**
     * A layer exception carries its SQLSTATE from where it was raised (the precise codes, 42P01 for a table and 42703
     * for a column, 22001 for a value too long, ..., are asserted end to end in the .sqltest files); the mapping passes
     * it on, whatever the message says. A kind alone gives its general code.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "UNDEFINED_OBJECT      | table \"t\" does not exist                                        | 42704",
            "DUPLICATE_OBJECT      | relation \"t\" already exists                                     | 42710",
            "INVALID               | table \"t\" needs a primary key                                   | 42P16",
            "DATA                  | value too long for type varchar(2) of column \"c\"                | 22000",
            "NOT_NULL_VIOLATION    | null value in column \"c\"                                        | 23502",
            "UNIQUE_VIOLATION      | duplicate key value violates unique constraint \"k\"              | 23505",
            "FOREIGN_KEY_VIOLATION | insert or update on table \"t\" violates foreign key constraint   | 23503",
            "DEPENDENT_OBJECTS     | cannot drop table \"t\" because other objects depend on it        | 2BP01",
            "ABORTED               | current transaction is aborted                                   | 25P02",
            "CONFLICT              | could not serialize access due to a concurrent update            | 40001",
            "INTERNAL              | boom                                                             | XX000"})
    void relationalKindsCarryTheirCodeNotTheirMessages(Kind kind, String message, String sqlState) {
        RelationalException cause = new RelationalException(kind, message, "k", null);
        SqlException e = RelationalErrors.toSql(cause);
        assertThat(e.sqlState()).isEqualTo(sqlState).isEqualTo(cause.sqlState());
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.getCause()).isSameAs(cause);
        assertThat(List.of(e.line(), e.column())).containsExactly(0, 0);
        assertThat(e.isRetryable()).isEqualTo(kind == Kind.CONFLICT);
        assertThat(RelationalErrors.toSql((RuntimeException) cause).sqlState()).isEqualTo(sqlState);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "INVALID_ARGUMENT    | schema: bad            | 22023",
            "NOT_FOUND           | database 'x' does not exist | 42704",
            "NOT_FOUND           | no record with this primary key exists | 42704",
            "ALREADY_EXISTS      | unique index violated  | 23505",
            "FAILED_PRECONDITION | index not readable yet | 55000",
            "ABORTED             | transaction conflict   | 40001",
            "DEADLINE_EXCEEDED   | transaction timed out  | 57014",
            "RESOURCE_EXHAUSTED  | FoundationDB limit     | 54000",
            "INTERNAL            | internal error         | XX000"})
    void recordServiceKinds(RecordServiceException.Kind kind, String message, String sqlState) {
        RecordServiceException cause = new RecordServiceException(kind, message);
        SqlException e = RelationalErrors.toSql((RuntimeException) cause);
        assertThat(e.sqlState()).isEqualTo(sqlState);
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.getCause()).isSameAs(cause);
    }

    @Test
    void aMissingDatabaseIsInvalidCatalogNameFromWhereItIsRaised() {
        RecordServiceException missing = RecordServiceException.noDatabase("x");
        assertThat(missing.kind()).isEqualTo(RecordServiceException.Kind.NOT_FOUND);
        assertThat(RelationalErrors.toSql((RuntimeException) missing).sqlState()).isEqualTo("3D000");
        assertThat(missing.getMessage()).isEqualTo("database 'x' does not exist");
    }

    @Test
    void sqlExceptionsPassThroughAndOthersAreInternal() {
        SqlException syntax = SqlException.syntax("syntax error at or near \"x\"", 2, 3);
        assertThat(RelationalErrors.toSql(syntax)).isSameAs(syntax);
        IllegalStateException bug = new IllegalStateException("bug");
        SqlException e = RelationalErrors.toSql(bug);
        assertThat(e.sqlState()).isEqualTo(SqlException.INTERNAL_ERROR);
        assertThat(e.getMessage()).isEqualTo("bug");
        assertThat(e.getCause()).isSameAs(bug);
    }
}
