package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The part of PostgreSQL's {@code pg_catalog} that tools and ORMs read to find tables, columns, types, indexes and
 * constraints: {@code pg_tables}, {@code pg_views}, {@code pg_namespace}, {@code pg_class}, {@code pg_attribute},
 * {@code pg_type}, {@code pg_index} and {@code pg_constraint}, with PostgreSQL 15's names and types for the columns
 * that mean something here (the others, such as owners, access methods, storage and access lists, are left out), over
 * the catalog of the statement that reads them (as {@link InformationSchema}). They list schema {@code public}'s
 * relations only (PostgreSQL's list its own catalogs' too). There are no owners: {@code tableowner} and
 * {@code viewowner} are NULL. Relations and constraints get the object ids of {@link PgObjectIds}, the same in every
 * session as long as the object is unchanged.
 */
final class PgCatalog extends AbstractSchema {
    static final String NAME = "pg_catalog";

    /** PostgreSQL 15's object ids of its schemas (pg_catalog and public are fixed; information_schema's is initdb's). */
    static final long PG_CATALOG_OID = 11;
    static final long PUBLIC_OID = 2200;
    private static final long INFORMATION_SCHEMA_OID = 13207;
    /** The owners PostgreSQL 15 gives them: the bootstrap superuser, and pg_database_owner for public. */
    private static final long BOOTSTRAP_SUPERUSER_OID = 10;
    private static final long DATABASE_OWNER_OID = 6171;

    private final Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();

    PgCatalog(SessionBinding binding, String database) {
        add(binding, database, "pg_tables", PgCatalog::tables, "schemaname name", "tablename name", "tableowner name",
                "tablespace name", "hasindexes bool", "hasrules bool", "hastriggers bool", "rowsecurity bool");
        add(binding, database, "pg_views", PgCatalog::views, "schemaname name", "viewname name", "viewowner name",
                "definition text");
        add(binding, database, "pg_namespace", PgCatalog::namespaces, "oid oid", "nspname name", "nspowner oid",
                "nspacl text");
        add(binding, database, "pg_class", PgRelations::classes, "oid oid", "relname name", "relnamespace oid",
                "reltuples float4", "relhasindex bool", "relisshared bool", "relpersistence char", "relkind char",
                "relnatts int2", "relchecks int2", "relhasrules bool", "relhastriggers bool", "relhassubclass bool",
                "relrowsecurity bool", "relforcerowsecurity bool", "relispopulated bool", "relreplident char",
                "relispartition bool");
        add(binding, database, "pg_attribute", PgRelations::attributes, "attrelid oid", "attname name",
                "atttypid oid", "attlen int2", "attnum int2", "attndims int4", "atttypmod int4", "attbyval bool",
                "attnotnull bool", "atthasdef bool", "attidentity char", "attgenerated char", "attisdropped bool",
                "attislocal bool", "attinhcount int4");
        add(binding, database, "pg_type", PgTypes::rows, "oid oid", "typname name", "typnamespace oid",
                "typlen int2", "typbyval bool", "typtype char", "typcategory char", "typispreferred bool",
                "typisdefined bool", "typdelim char", "typrelid oid", "typelem oid", "typnotnull bool",
                "typbasetype oid", "typtypmod int4", "typndims int4", "typcollation oid");
        add(binding, database, "pg_index", PgRelations::indexes, "indexrelid oid", "indrelid oid", "indnatts int2",
                "indnkeyatts int2", "indisunique bool", "indnullsnotdistinct bool", "indisprimary bool",
                "indisexclusion bool", "indimmediate bool", "indisclustered bool", "indisvalid bool",
                "indcheckxmin bool", "indisready bool", "indislive bool", "indisreplident bool", "indkey int2vector");
        add(binding, database, "pg_constraint", PgConstraints::rows, "oid oid", "conname name", "connamespace oid",
                "contype char", "condeferrable bool", "condeferred bool", "convalidated bool", "conrelid oid",
                "contypid oid", "conindid oid", "conparentid oid", "confrelid oid", "confupdtype char",
                "confdeltype char", "confmatchtype char", "conislocal bool", "coninhcount int4", "conkey int2[]",
                "confkey int2[]");
    }

    /**
     * Adds the view {@code name} of {@code columns}, each its name and PostgreSQL's type: {@code oid} is a BIGINT,
     * {@code int2} a SMALLINT, {@code int4} an INTEGER, {@code float4} a REAL, {@code bool} a BOOLEAN; the rest
     * ({@code name}, {@code "char"}, {@code text}, {@code int2vector} and {@code int2[]} in their text forms) are
     * VARCHARs.
     */
    private void add(SessionBinding binding, String database, String name, InformationSchemaTable.Source source,
            String... columns) {
        List<String> names = new ArrayList<>();
        Map<String, SqlTypeName> types = new HashMap<>();
        for (String column : columns) {
            String[] nameAndType = column.split(" ");
            names.add(nameAndType[0]);
            types.put(nameAndType[0], switch (nameAndType[1]) {
                case "oid" -> SqlTypeName.BIGINT;
                case "int2" -> SqlTypeName.SMALLINT;
                case "int4" -> SqlTypeName.INTEGER;
                case "float4" -> SqlTypeName.REAL;
                case "bool" -> SqlTypeName.BOOLEAN;
                default -> SqlTypeName.VARCHAR;
            });
        }
        tables.put(name, new InformationSchemaTable(binding, database, names, types, source));
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        return tables;
    }

    /** Its relations by name: also the database's, unqualified, where no table or view has the name. */
    Map<String, org.apache.calcite.schema.Table> relations() {
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
