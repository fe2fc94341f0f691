package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.sql.ddl.DatabaseStatement;
import java.util.ArrayList;
import java.util.List;

/**
 * CREATE DATABASE, DROP DATABASE and SHOW DATABASES: the service's databases from SQL, with PostgreSQL's errors
 * (42P04 a database that exists, 3D000 one that does not, 55006 dropping the session's own, 25001 inside a
 * transaction block). Each runs in a FoundationDB transaction of its own, as the record service's calls do, and needs
 * the admin role on the database it names.
 */
final class DatabaseCommands {
    private DatabaseCommands() {
    }

    /** Runs a CREATE or DROP DATABASE statement for a session on {@code current}. */
    static StatementResult run(String sql, RecordStores stores, String current, StatementGate gate,
                               boolean inTransaction) {
        DatabaseStatement s = DatabaseStatement.parse(sql);
        String verb = s.create() ? "CREATE DATABASE" : "DROP DATABASE";
        if (inTransaction) {
            throw new SqlException(SqlException.ACTIVE_TRANSACTION, verb + " cannot run inside a transaction block");
        }
        gate.requireAdminOf(s.name());
        try {
            if (s.create()) {
                stores.createDatabase(s.name(), s.ifFlag());
            } else {
                if (s.name().equals(current)) {
                    throw new SqlException(SqlException.OBJECT_IN_USE, "cannot drop the currently open database");
                }
                stores.dropDatabase(s.name(), s.ifFlag());
            }
        } catch (RecordServiceException e) {
            switch (e.kind()) {
                case ALREADY_EXISTS:
                    throw new SqlException(SqlException.DUPLICATE_DATABASE, "database \"" + s.name()
                            + "\" already exists");
                case NOT_FOUND:
                    throw new SqlException(SqlException.INVALID_CATALOG_NAME, "database \"" + s.name()
                            + "\" does not exist");
                case INVALID_ARGUMENT:
                    throw new SqlException(SqlException.INVALID_NAME, e.getMessage());
                default:
                    throw e;
            }
        }
        return new StatementResult.Done(verb);
    }

    /** SHOW DATABASES: the databases' names, in order. */
    static StatementResult.Query show(RecordStores stores) {
        List<Object[]> rows = new ArrayList<>();
        for (String name : stores.listDatabases()) {
            rows.add(new Object[] {name});
        }
        return new StatementResult.Query("SHOW", List.of(new ColumnMeta("database_name",
                ColumnType.newBuilder().setKind(ColumnKind.VARCHAR).build(), false)), MetadataCommands.stream(rows));
    }
}
