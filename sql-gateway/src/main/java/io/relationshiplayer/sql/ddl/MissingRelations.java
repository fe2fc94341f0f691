package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.sql.SqlException;
import java.util.List;

/**
 * A DDL statement naming a table that does not exist, refused before it runs with PostgreSQL's words: CREATE INDEX,
 * ALTER TABLE and a REFERENCES clause say {@code relation "nowhere" does not exist} (42P01, no position), where DROP
 * TABLE says {@code table "nowhere" does not exist} (the layer's own message).
 */
final class MissingRelations {
    private MissingRelations() {
    }

    static void check(DdlStatement statement, Catalog catalog) {
        if (statement instanceof DdlStatement.AlterTable a) {
            require(catalog, a.table());
        } else if (statement instanceof DdlStatement.CreateIndex s) {
            require(catalog, s.table());
        } else if (statement instanceof DdlStatement.CreateCountIndex s) {
            require(catalog, s.table());
        }
        if (statement instanceof DdlStatement.CreateTable s) {
            String name = s.spec().getName();
            if (s.ifNotExists() && catalog.table(name) != null) {
                return; // PostgreSQL skips the statement with a notice, checking nothing
            }
            referenced(catalog, name, s.spec().getForeignKeysList());
        } else if (statement instanceof DdlStatement.AddColumn s) {
            referenced(catalog, s.table(), s.foreignKeys());
        } else if (statement instanceof DdlStatement.AddForeignKey s) {
            referenced(catalog, s.table(), List.of(s.foreignKey()));
        }
    }

    private static void referenced(Catalog catalog, String table, List<ForeignKeyDef> foreignKeys) {
        for (ForeignKeyDef fk : foreignKeys) {
            if (!fk.getReferencedTable().equalsIgnoreCase(table)) {
                require(catalog, fk.getReferencedTable());
            }
        }
    }

    private static void require(Catalog catalog, String name) {
        if (catalog.table(name) == null && catalog.view(name) == null) {
            throw new SqlException(SqlException.UNDEFINED_TABLE, "relation \"" + name + "\" does not exist");
        }
    }
}
