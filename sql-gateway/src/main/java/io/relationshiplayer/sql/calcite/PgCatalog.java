package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The part of PostgreSQL's {@code pg_catalog} that tools and ORMs read first and the catalog can answer without object
 * ids: {@code pg_tables}, {@code pg_views} and {@code pg_namespace}, with PostgreSQL 15's columns, over the catalog of
 * the statement that reads them (as {@link InformationSchema}). They list schema {@code public}'s tables and views only
 * (PostgreSQL's list its own catalogs' too). There are no owners: {@code tableowner} and {@code viewowner} are NULL.
 * {@code pg_class} and {@code pg_attribute} are left out: their rows are keyed by object ids, which the catalog does
 * not have, and ids made up per statement would change under a tool that keeps them.
 */
final class PgCatalog extends AbstractSchema {
    static final String NAME = "pg_catalog";

    /** PostgreSQL 15's object ids of its schemas (pg_catalog and public are fixed; information_schema's is initdb's). */
    private static final long PG_CATALOG_OID = 11;
    private static final long PUBLIC_OID = 2200;
    private static final long INFORMATION_SCHEMA_OID = 13207;
    /** The owners PostgreSQL 15 gives them: the bootstrap superuser, and pg_database_owner for public. */
    private static final long BOOTSTRAP_SUPERUSER_OID = 10;
    private static final long DATABASE_OWNER_OID = 6171;

    private final Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();

    PgCatalog(SessionBinding binding, String database) {
        tables.put("pg_tables", new InformationSchemaTable(binding, database, List.of("schemaname", "tablename",
                "tableowner", "tablespace", "hasindexes", "hasrules", "hastriggers", "rowsecurity"), Map.of(
                "hasindexes", SqlTypeName.BOOLEAN, "hasrules", SqlTypeName.BOOLEAN, "hastriggers", SqlTypeName.BOOLEAN,
                "rowsecurity", SqlTypeName.BOOLEAN), PgCatalog::tables));
        tables.put("pg_views", new InformationSchemaTable(binding, database, List.of("schemaname", "viewname",
                "viewowner", "definition"), Map.of(), PgCatalog::views));
        tables.put("pg_namespace", new InformationSchemaTable(binding, database, List.of("oid", "nspname",
                "nspowner", "nspacl"), Map.of("oid", SqlTypeName.BIGINT, "nspowner", SqlTypeName.BIGINT),
                PgCatalog::namespaces));
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        return tables;
    }

    /**
     * A row per table: it has indexes when it has a declared primary key or any index (a hidden row key is none), and
     * triggers when a foreign key is on it or references it (PostgreSQL enforces foreign keys with triggers).
     */
    private static void tables(String database, Catalog catalog, Rows out) {
        for (Table t : catalog.tables()) {
            boolean indexes = !t.hasRowKey() || !t.uniqueConstraints().isEmpty() || !t.indexes().isEmpty()
                    || !t.countIndexes().isEmpty();
            boolean triggers = !t.foreignKeys().isEmpty() || !catalog.referencing(t.name()).isEmpty();
            out.add().set("schemaname", RecordLayerSchema.PUBLIC).set("tablename", t.name()).set("hasindexes", indexes)
                    .set("hasrules", false).set("hastriggers", triggers).set("rowsecurity", false);
        }
    }

    /** A row per view, its query as written (PostgreSQL shows its own deparsing). */
    private static void views(String database, Catalog catalog, Rows out) {
        for (ViewDef v : catalog.views()) {
            out.add().set("schemaname", RecordLayerSchema.PUBLIC).set("viewname", v.getName())
                    .set("definition", v.getQuery());
        }
    }

    /** The schemas there are, with PostgreSQL's ids; no access lists. */
    private static void namespaces(String database, Catalog catalog, Rows out) {
        out.add().set("oid", PG_CATALOG_OID).set("nspname", NAME).set("nspowner", BOOTSTRAP_SUPERUSER_OID);
        out.add().set("oid", INFORMATION_SCHEMA_OID).set("nspname", InformationSchema.NAME)
                .set("nspowner", BOOTSTRAP_SUPERUSER_OID);
        out.add().set("oid", PUBLIC_OID).set("nspname", RecordLayerSchema.PUBLIC).set("nspowner", DATABASE_OWNER_OID);
    }
}
