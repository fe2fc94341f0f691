package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * A parsed DDL statement, holding the relationship layer's catalog definitions it creates. Immutable. Names are as
 * written: unquoted ones folded to lower case, quoted ones exact.
 */
public sealed interface DdlStatement {
    /** The command tag PostgreSQL reports for the statement. */
    String command();

    /** A CHECK constraint as written, and where its expression starts in the statement (errors in it point there). */
    record CheckAt(CheckDef check, int line, int column) {
        public CheckAt {
            requireNonNull(check, "check is null");
        }
    }

    /**
     * CREATE TABLE; inline and table-level constraints are both in {@code spec}, but for the CHECK constraints, in
     * {@code checks}.
     */
    record CreateTable(TableDef spec, List<CheckAt> checks, boolean ifNotExists) implements DdlStatement {
        public CreateTable {
            requireNonNull(spec, "spec is null");
            checks = List.copyOf(checks);
        }

        @Override
        public String command() {
            return "CREATE TABLE";
        }
    }

    /** CREATE [UNIQUE] INDEX; an empty index name lets the layer choose one. */
    record CreateIndex(String table, IndexDef index, boolean unique, boolean ifNotExists) implements DdlStatement {
        public CreateIndex {
            requireNonNull(table, "table is null");
            requireNonNull(index, "index is null");
        }

        @Override
        public String command() {
            return "CREATE INDEX";
        }
    }

    /** CREATE COUNT INDEX: rows per distinct value of the columns. */
    record CreateCountIndex(String table, IndexDef index, boolean ifNotExists) implements DdlStatement {
        public CreateCountIndex {
            requireNonNull(table, "table is null");
            requireNonNull(index, "index is null");
        }

        @Override
        public String command() {
            return "CREATE INDEX";
        }
    }

    record DropTable(String table, boolean ifExists, boolean cascade) implements DdlStatement {
        public DropTable {
            requireNonNull(table, "table is null");
        }

        @Override
        public String command() {
            return "DROP TABLE";
        }
    }

    /**
     * CREATE [OR REPLACE] VIEW name [(column, ...)] AS query: the query as written, and where it starts in the
     * statement (1-based line and column), so that an error in it points into the statement.
     */
    record CreateView(String name, List<String> columns, String query, int queryLine, int queryColumn,
                      boolean orReplace) implements DdlStatement {
        public CreateView {
            requireNonNull(name, "name is null");
            columns = List.copyOf(columns);
            requireNonNull(query, "query is null");
        }

        @Override
        public String command() {
            return "CREATE VIEW";
        }
    }

    /** DROP VIEW [IF EXISTS] name, ... [CASCADE | RESTRICT]. */
    record DropView(List<String> views, boolean ifExists, boolean cascade) implements DdlStatement {
        public DropView {
            views = List.copyOf(views);
        }

        @Override
        public String command() {
            return "DROP VIEW";
        }
    }

    /** DROP INDEX; without a table, the executor finds the table that owns the index. */
    record DropIndex(String index, Optional<String> table, boolean ifExists) implements DdlStatement {
        public DropIndex {
            requireNonNull(index, "index is null");
            requireNonNull(table, "table is null");
        }

        @Override
        public String command() {
            return "DROP INDEX";
        }
    }

    /** The ALTER TABLE forms. */
    sealed interface AlterTable extends DdlStatement {
        String table();

        @Override
        default String command() {
            return "ALTER TABLE";
        }
    }

    /** ALTER TABLE ADD [COLUMN], with the column's own UNIQUE, REFERENCES and CHECK constraints. */
    record AddColumn(String table, ColumnDef column, List<IndexDef> uniqueConstraints, List<ForeignKeyDef> foreignKeys,
                     List<CheckAt> checks) implements AlterTable {
        public AddColumn {
            requireNonNull(table, "table is null");
            requireNonNull(column, "column is null");
            uniqueConstraints = List.copyOf(uniqueConstraints);
            foreignKeys = List.copyOf(foreignKeys);
            checks = List.copyOf(checks);
        }
    }

    /** ALTER TABLE ADD [CONSTRAINT name] CHECK (expression). */
    record AddCheck(String table, CheckAt check) implements AlterTable {
        public AddCheck {
            requireNonNull(table, "table is null");
            requireNonNull(check, "check is null");
        }
    }

    /** ALTER TABLE DROP [COLUMN] [IF EXISTS] name [CASCADE | RESTRICT]. */
    record DropColumn(String table, String column, boolean ifExists, boolean cascade) implements AlterTable {
        public DropColumn {
            requireNonNull(table, "table is null");
            requireNonNull(column, "column is null");
        }
    }

    /** ALTER TABLE ADD [CONSTRAINT name] UNIQUE (...). */
    record AddUnique(String table, IndexDef constraint) implements AlterTable {
        public AddUnique {
            requireNonNull(table, "table is null");
            requireNonNull(constraint, "constraint is null");
        }
    }

    /** ALTER TABLE ADD [CONSTRAINT name] FOREIGN KEY (...) REFERENCES .... */
    record AddForeignKey(String table, ForeignKeyDef foreignKey) implements AlterTable {
        public AddForeignKey {
            requireNonNull(table, "table is null");
            requireNonNull(foreignKey, "foreignKey is null");
        }
    }

    /** ALTER TABLE DROP CONSTRAINT [IF EXISTS] name. */
    record DropConstraint(String table, String constraint, boolean ifExists) implements AlterTable {
        public DropConstraint {
            requireNonNull(table, "table is null");
            requireNonNull(constraint, "constraint is null");
        }
    }

    /** CREATE MATERIALIZED JOIN name ON table USING foreign_key (child.col | parent.col, ...). */
    record CreateMaterializedJoin(String table, MaterializedJoinDef join) implements DdlStatement {
        public CreateMaterializedJoin {
            requireNonNull(table, "table is null");
            requireNonNull(join, "join is null");
        }

        @Override
        public String command() {
            return "CREATE MATERIALIZED JOIN";
        }
    }
}
