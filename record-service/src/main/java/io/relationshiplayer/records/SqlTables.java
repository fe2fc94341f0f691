package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import javax.annotation.Nonnull;

/**
 * Which databases hold SQL tables: those whose meta-data the relationship layer generated, known by its records file's
 * package, {@link #PACKAGE}, which is reserved for it. Every record type of such a database holds a table's rows.
 * Only the relationship layer's write path keeps SQL's constraints (primary, unique and foreign keys with their
 * actions, NOT NULL, column types and lengths), so the record API reads these record types like any other but refuses
 * to write them or to register a schema over them. Known from the meta-data the call loaded anyway: no extra read.
 */
public final class SqlTables {
    /** The package of the records file the relationship layer generates; no other schema may use it. */
    public static final String PACKAGE = "rl.tables";

    private SqlTables() {
    }

    /** True when {@code md} is the relationship layer's: its record types are SQL tables. */
    public static boolean holdsTables(@Nonnull RecordMetaData md) {
        return PACKAGE.equals(md.getRecordsDescriptor().getPackage());
    }

    /**
     * Fails FAILED_PRECONDITION when {@code md} holds SQL tables: a record API write of {@code recordType} (empty:
     * of every record of the database).
     */
    static void refuseWrite(RecordMetaData md, String database, String recordType) {
        if (holdsTables(md) && (recordType == null || recordType.isEmpty())) {
            throw RecordServiceException.precondition("database '" + database + "' holds SQL tables: delete their "
                    + "rows through SQL (rl.v1.SqlService), which applies their foreign keys' actions; the record "
                    + "service only reads SQL tables").with("database", database);
        }
        if (holdsTables(md)) {
            throw RecordServiceException.precondition("record type '" + recordType + "' of database '" + database
                    + "' is a SQL table: write its rows through SQL (rl.v1.SqlService), which checks its keys, "
                    + "foreign keys and column types; the record service only reads SQL tables")
                    .with("database", database).with("record_type", recordType);
        }
    }

    /** Fails FAILED_PRECONDITION when {@code md} holds SQL tables: a schema registered through the record API. */
    static void refuseSchema(RecordMetaData md, String database) {
        if (md != null && holdsTables(md)) {
            throw RecordServiceException.precondition("database '" + database + "' holds SQL tables: its schema is "
                    + "generated from their definitions; change it with SQL DDL (rl.v1.SqlService), not RegisterSchema")
                    .with("database", database);
        }
    }

    /** Fails INVALID_ARGUMENT when a client's schema claims the reserved package. */
    static void refuseReservedPackage(RecordMetaData next) {
        if (holdsTables(next)) {
            throw RecordServiceException.invalid("schema: package '" + PACKAGE + "' is reserved for SQL tables; "
                    + "create tables with SQL (rl.v1.SqlService)");
        }
    }
}
