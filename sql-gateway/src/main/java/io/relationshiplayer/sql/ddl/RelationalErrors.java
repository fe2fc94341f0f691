package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.sql.SqlException;
import javax.annotation.Nonnull;

/**
 * The one mapping from the layers' exceptions to {@link SqlException}s with PostgreSQL's SQLSTATEs, for DDL and DML
 * alike. The message is kept as the layer wrote it (it already follows PostgreSQL's wording); the cause is kept.
 */
public final class RelationalErrors {
    /** PostgreSQL's invalid_catalog_name: the database does not exist. */
    public static final String INVALID_CATALOG_NAME = "3D000";
    /** PostgreSQL's invalid_parameter_value. */
    public static final String INVALID_PARAMETER_VALUE = "22023";
    /** PostgreSQL's object_not_in_prerequisite_state. */
    public static final String NOT_IN_PREREQUISITE_STATE = "55000";

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
        return new SqlException(sqlState(e), String.valueOf(e.getMessage()), 0, 0, e);
    }

    @Nonnull
    public static SqlException toSql(@Nonnull RecordServiceException e) {
        return new SqlException(sqlState(e), String.valueOf(e.getMessage()), 0, 0, e);
    }

    /**
     * The SQLSTATE of a relationship-layer failure. Where a kind covers several PostgreSQL codes the message decides,
     * as the layer words them: "table ..."/"relation ..." names a table, "column ..." a column.
     */
    @Nonnull
    public static String sqlState(@Nonnull RelationalException e) {
        String message = String.valueOf(e.getMessage());
        switch (e.kind()) {
            case UNDEFINED_OBJECT:
                if (message.startsWith("table \"") || message.startsWith("relation \"")) {
                    return SqlException.UNDEFINED_TABLE;
                }
                return message.startsWith("column \"") ? SqlException.UNDEFINED_COLUMN : SqlException.UNDEFINED_OBJECT;
            case DUPLICATE_OBJECT:
                if (message.startsWith("relation \"") || message.startsWith("table \"")) {
                    return SqlException.DUPLICATE_TABLE;
                }
                return message.startsWith("column \"") ? SqlException.DUPLICATE_COLUMN : SqlException.DUPLICATE_OBJECT;
            case INVALID:
                return SqlException.INVALID_DEFINITION;
            case DATA:
                return dataState(message);
            case NOT_NULL_VIOLATION:
                return SqlException.NOT_NULL_VIOLATION;
            case UNIQUE_VIOLATION:
                return SqlException.UNIQUE_VIOLATION;
            case FOREIGN_KEY_VIOLATION:
                return SqlException.FOREIGN_KEY_VIOLATION;
            case DEPENDENT_OBJECTS:
                return SqlException.DEPENDENT_OBJECTS;
            case CONFLICT:
                return SqlException.SERIALIZATION_FAILURE;
            case ABORTED:
                return SqlException.IN_FAILED_TRANSACTION;
            default:
                return SqlException.INTERNAL_ERROR;
        }
    }

    /**
     * 22001 for a value too long, 22003 for one out of range, 22P02 for text that does not parse, 42804 for a value of
     * the wrong type, else 22000.
     */
    private static String dataState(String message) {
        if (message.contains("too long")) {
            return SqlException.STRING_TOO_LONG;
        }
        if (message.contains("out of range") || message.contains("overflow")) {
            return SqlException.NUMERIC_OUT_OF_RANGE;
        }
        if (message.startsWith("invalid input")) {
            return SqlException.INVALID_TEXT;
        }
        if (message.contains("\" is of type ")) {
            return SqlException.DATATYPE_MISMATCH;
        }
        return SqlException.DATA_EXCEPTION;
    }

    /** The SQLSTATE of a record-service failure (what the relationship layer passes through unclassified). */
    @Nonnull
    public static String sqlState(@Nonnull RecordServiceException e) {
        switch (e.kind()) {
            case INVALID_ARGUMENT:
                return INVALID_PARAMETER_VALUE;
            case NOT_FOUND:
                return String.valueOf(e.getMessage()).startsWith("database ") ? INVALID_CATALOG_NAME
                        : SqlException.UNDEFINED_OBJECT;
            case ALREADY_EXISTS:
                return SqlException.UNIQUE_VIOLATION;
            case FAILED_PRECONDITION:
                return NOT_IN_PREREQUISITE_STATE;
            case ABORTED:
                return SqlException.SERIALIZATION_FAILURE;
            case DEADLINE_EXCEEDED:
                return SqlException.QUERY_CANCELED;
            case RESOURCE_EXHAUSTED:
                return SqlException.PROGRAM_LIMIT_EXCEEDED;
            default:
                return SqlException.INTERNAL_ERROR;
        }
    }
}
