package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.sql.SqlException;
import javax.annotation.Nonnull;

/**
 * The one mapping from the layers' exceptions to {@link SqlException}s with PostgreSQL's SQLSTATEs, for DDL and DML
 * alike. The message is kept as the layer wrote it (it already follows PostgreSQL's wording), and so are its DETAIL and
 * HINT; the cause is kept.
 */
public final class RelationalErrors {
    /** PostgreSQL's invalid_catalog_name: the database does not exist. */
    public static final String INVALID_CATALOG_NAME = RecordServiceException.INVALID_CATALOG_NAME;
    /** PostgreSQL's invalid_parameter_value. */
    public static final String INVALID_PARAMETER_VALUE = RecordServiceException.Kind.INVALID_ARGUMENT.sqlState();
    /** PostgreSQL's object_not_in_prerequisite_state. */
    public static final String NOT_IN_PREREQUISITE_STATE = RecordServiceException.Kind.FAILED_PRECONDITION.sqlState();

    private RelationalErrors() {
    }

    /** Any failure of a layer call: SqlExceptions as they are, the layers' exceptions mapped, others XX000. */
    @Nonnull
    public static SqlException toSql(@Nonnull RuntimeException e) {
        if (e instanceof SqlException) {
            return (SqlException) e;
        }
        if (e instanceof RelationalException) {
            return toSql((RelationalException) e);
        }
        if (e instanceof RecordServiceException) {
            return toSql((RecordServiceException) e);
        }
        return new SqlException(SqlException.INTERNAL_ERROR, String.valueOf(e.getMessage()), 0, 0, e);
    }

    @Nonnull
    public static SqlException toSql(@Nonnull RelationalException e) {
        return new SqlException(sqlState(e), String.valueOf(e.getMessage()), e.detail(), e.hint(), 0, 0, e);
    }

    @Nonnull
    public static SqlException toSql(@Nonnull RecordServiceException e) {
        return new SqlException(sqlState(e), String.valueOf(e.getMessage()), 0, 0, e);
    }

    /** The SQLSTATE of a relationship-layer failure: decided where it was raised. */
    @Nonnull
    public static String sqlState(@Nonnull RelationalException e) {
        return e.sqlState();
    }

    /** The SQLSTATE of a record-service failure (what the relationship layer passes through): decided where raised. */
    @Nonnull
    public static String sqlState(@Nonnull RecordServiceException e) {
        return e.sqlState();
    }
}
