package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.relationships.CatalogEditor;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.calcite.ViewQueries;
import io.relationshiplayer.sql.ddl.DdlExecutor;
import io.relationshiplayer.sql.ddl.DdlParser;

/**
 * The statements of a session that change the schema: DDL (in the session's transaction when it has one, else each
 * change committed on its own; views by {@link SqlViews}), CREATE / DROP DATABASE, and the schema changes the engine
 * lacks (0A000). Each asks the session's gate first.
 */
final class SchemaStatements {
    private static final DdlExecutor DDL = new DdlExecutor();

    private SchemaStatements() {
    }

    /** Runs {@code sql}, of kind DDL, DATABASE or OTHER_DDL, for {@code session} on {@code database}. */
    static StatementResult run(SqlSession session, StatementKind kind, String sql, RelationshipLayer layer,
                               String database, FDBRecordContext transaction, StatementGate gate, ViewQueries views) {
        switch (kind) {
            case DATABASE:
                return DatabaseCommands.run(sql, layer.recordStores(), database, gate, transaction != null);
            case DDL:
                gate.require(StatementAccess.SCHEMA);
                CatalogEditor editor = transaction == null ? layer.editor(database)
                        : layer.editor(database, transaction);
                // A cold plan takes seconds: in a transaction whose catalog is the committed one, it is made apart.
                boolean planApart = transaction != null && !layer.catalogChangedIn(database, transaction);
                return DDL.execute(DdlParser.parse(sql), editor, v -> SqlViews.run(session, views, editor, v,
                        planApart));
            default:
                gate.require(StatementAccess.SCHEMA);
                throw StatementKind.unsupported(sql);
        }
    }
}
