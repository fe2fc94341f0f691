package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.TableColumn;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The catalog for tools that browse: databases as catalogs (the record service's ListDatabases; else the
 * connection's own), no schemas, tables, columns, primary keys, foreign keys both ways with their referential
 * actions, indexes (COUNT indexes too, INDEX_QUALIFIER "COUNT") and the types. Read from ListTables and DescribeTable;
 * catalogs other than the connection's database answer nothing.
 */
final class RlDatabaseMetaData extends DatabaseCapabilities {
    private final RlConnection connection;
    private final CatalogReader reader;

    RlDatabaseMetaData(@Nonnull RlConnection connection) {
        this.connection = connection;
        this.reader = new CatalogReader(connection);
    }

    /** Result columns from "NAME:k" specs, k one of s (VARCHAR), i (INTEGER), l (BIGINT), b (BOOLEAN). */
    private static List<Column> columns(String... specs) {
        List<Column> out = new ArrayList<>();
        for (String spec : specs) {
            String[] p = spec.split(":");
            ColumnKind kind = switch (p[1]) {
                case "i" -> ColumnKind.INTEGER;
                case "l" -> ColumnKind.BIGINT;
                case "b" -> ColumnKind.BOOLEAN;
                default -> ColumnKind.VARCHAR;
            };
            out.add(JdbcTypes.column(p[0], kind, true));
        }
        return out;
    }

    private ResultSet result(List<Column> columns, List<Object[]> rows) {
        return RlResultSet.of(null, columns, rows);
    }

    private ResultSet empty(String... names) {
        List<Column> cols = new ArrayList<>();
        for (String n : names) {
            cols.add(JdbcTypes.column(n, ColumnKind.VARCHAR, true));
        }
        return result(cols, List.of());
    }

    /** Whether {@code catalog} (null: any) names the connection's database. */
    private boolean ours(@Nullable String catalog) throws SQLException {
        return catalog == null || catalog.equals(connection.getCatalog());
    }

    /** The connection's tables whose names match the pattern, if the catalog is ours. */
    private List<String> tables(@Nullable String catalog, @Nullable String schemaPattern, @Nullable String pattern)
            throws SQLException {
        if (!ours(catalog) || (schemaPattern != null && !schemaPattern.isEmpty() && !schemaPattern.equals("%"))) {
            return List.of();
        }
        Pattern p = CatalogReader.pattern(pattern);
        List<String> out = new ArrayList<>();
        for (String t : reader.tableNames()) {
            if (p.matcher(t).matches()) {
                out.add(t);
            }
        }
        return out;
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        TreeSet<String> names = new TreeSet<>();
        names.add(connection.getCatalog());
        connection.beforeCall();
        try {
            names.addAll(connection.records().listDatabases());
        } catch (ClientException e) {
            // listing databases needs the record service and a role on them: the connection's own is enough
        }
        List<Object[]> rows = new ArrayList<>();
        names.forEach(n -> rows.add(new Object[] {n}));
        return result(columns("TABLE_CAT:s"), rows);
    }

    @Override
    public ResultSet getSchemas() {
        return result(columns("TABLE_SCHEM:s", "TABLE_CATALOG:s"), List.of());
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) {
        return getSchemas();
    }

    @Override
    public ResultSet getTableTypes() {
        return result(columns("TABLE_TYPE:s"), List.<Object[]>of(new Object[] {"TABLE"}, new Object[] {"VIEW"}));
    }

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
            throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        List<String> names = tables(catalog, schemaPattern, tableNamePattern);
        if (!names.isEmpty()) {
            java.util.Map<String, String> kinds = reader.tableTypes();
            for (String t : names) {
                String type = kinds.getOrDefault(t, "TABLE");
                if (types == null || Arrays.stream(types).anyMatch(type::equalsIgnoreCase)) {
                    rows.add(new Object[] {connection.getCatalog(), null, t, type, "", null, null, null, null, null});
                }
            }
        }
        return result(columns("TABLE_CAT:s", "TABLE_SCHEM:s", "TABLE_NAME:s", "TABLE_TYPE:s", "REMARKS:s",
                "TYPE_CAT:s", "TYPE_SCHEM:s", "TYPE_NAME:s", "SELF_REFERENCING_COL_NAME:s", "REF_GENERATION:s"), rows);
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
            String columnNamePattern) throws SQLException {
        Pattern columnPattern = CatalogReader.pattern(columnNamePattern);
        List<Object[]> rows = new ArrayList<>();
        for (String t : tables(catalog, schemaPattern, tableNamePattern)) {
            DescribeTableResponse d = reader.describe(t);
            if (d == null) {
                continue;
            }
            int position = 0;
            for (TableColumn c : d.getColumnsList()) {
                position++;
                if (!columnPattern.matcher(c.getName()).matches()) {
                    continue;
                }
                ColumnType type = c.getType();
                ColumnKind kind = type.getKind();
                boolean numeric = JdbcTypes.signed(kind);
                Integer digits = null;
                if (kind == ColumnKind.DECIMAL || kind == ColumnKind.TIMESTAMP || kind == ColumnKind.TIME) {
                    digits = JdbcTypes.scale(type);
                } else if (numeric) {
                    digits = 0;
                }
                boolean text = kind == ColumnKind.VARCHAR || kind == ColumnKind.VARBINARY;
                rows.add(new Object[] {connection.getCatalog(), null, t, c.getName(), JdbcTypes.sqlType(kind),
                    JdbcTypes.typeName(kind), JdbcTypes.precision(type), null, digits,
                    numeric ? Integer.valueOf(kind == ColumnKind.DOUBLE ? 2 : 10) : null,
                    c.getNullable() ? columnNullable : columnNoNulls, "",
                    c.getDefaultSql().isEmpty() ? null : c.getDefaultSql(), null, null,
                    text ? Integer.valueOf(JdbcTypes.precision(type)) : null, position,
                    c.getNullable() ? "YES" : "NO", null, null,
                    null, null, "NO", "NO"});
            }
        }
        return result(columns("TABLE_CAT:s", "TABLE_SCHEM:s", "TABLE_NAME:s", "COLUMN_NAME:s", "DATA_TYPE:i",
                "TYPE_NAME:s", "COLUMN_SIZE:i", "BUFFER_LENGTH:i", "DECIMAL_DIGITS:i", "NUM_PREC_RADIX:i",
                "NULLABLE:i", "REMARKS:s", "COLUMN_DEF:s", "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i",
                "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i", "IS_NULLABLE:s", "SCOPE_CATALOG:s", "SCOPE_SCHEMA:s",
                "SCOPE_TABLE:s", "SOURCE_DATA_TYPE:i", "IS_AUTOINCREMENT:s", "IS_GENERATEDCOLUMN:s"), rows);
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        DescribeTableResponse d = ours(catalog) && table != null ? reader.describe(table) : null;
        if (d != null) {
            String name = CatalogReader.indexes(d).stream().filter(i -> i.kind().equals("primary key"))
                    .map(CatalogReader.Index::name).findFirst().orElse(table + "_pkey");
            int seq = 0;
            for (String c : d.getPrimaryKeyList()) {
                rows.add(new Object[] {connection.getCatalog(), null, d.getTable(), c, ++seq, name});
            }
            rows.sort(Comparator.comparing(r -> (String) r[3]));
        }
        return result(columns("TABLE_CAT:s", "TABLE_SCHEM:s", "TABLE_NAME:s", "COLUMN_NAME:s", "KEY_SEQ:i",
                "PK_NAME:s"), rows);
    }

    private static List<Column> keyColumns() {
        return columns("PKTABLE_CAT:s", "PKTABLE_SCHEM:s", "PKTABLE_NAME:s", "PKCOLUMN_NAME:s", "FKTABLE_CAT:s",
                "FKTABLE_SCHEM:s", "FKTABLE_NAME:s", "FKCOLUMN_NAME:s", "KEY_SEQ:i", "UPDATE_RULE:i",
                "DELETE_RULE:i", "FK_NAME:s", "PK_NAME:s", "DEFERRABILITY:i");
    }

    /** One row per column of each foreign key; {@code parents} describes the referenced tables (for PK_NAME). */
    private List<Object[]> keyRows(List<CatalogReader.ForeignKey> keys) throws SQLException {
        String cat = connection.getCatalog();
        List<Object[]> rows = new ArrayList<>();
        for (CatalogReader.ForeignKey fk : keys) {
            String pkName = CatalogReader.keyName(reader.describe(fk.parent()), fk.parentColumns());
            for (int i = 0; i < fk.columns().size(); i++) {
                rows.add(new Object[] {cat, null, fk.parent(), fk.parentColumns().get(i), cat, null, fk.table(),
                    fk.columns().get(i), i + 1, fk.onUpdate(), fk.onDelete(), fk.name(), pkName,
                    importedKeyNotDeferrable});
            }
        }
        return rows;
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        DescribeTableResponse d = ours(catalog) && table != null ? reader.describe(table) : null;
        List<Object[]> rows = d == null ? new ArrayList<>() : keyRows(CatalogReader.foreignKeys(d));
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[2]).thenComparing(r -> (String) r[11])
                .thenComparing(r -> (Integer) r[8]));
        return result(keyColumns(), rows);
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        return getCrossReference(catalog, schema, table, catalog, schema, null);
    }

    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
            String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
        List<CatalogReader.ForeignKey> keys = new ArrayList<>();
        if (ours(parentCatalog) && ours(foreignCatalog) && parentTable != null) {
            List<String> children = foreignTable != null ? List.of(foreignTable) : reader.tableNames();
            for (String child : children) {
                DescribeTableResponse d = reader.describe(child);
                if (d == null) {
                    continue;
                }
                for (CatalogReader.ForeignKey fk : CatalogReader.foreignKeys(d)) {
                    if (fk.parent().equals(parentTable)) {
                        keys.add(fk);
                    }
                }
            }
        }
        List<Object[]> rows = keyRows(keys);
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[6]).thenComparing(r -> (String) r[11])
                .thenComparing(r -> (Integer) r[8]));
        return result(keyColumns(), rows);
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        DescribeTableResponse d = ours(catalog) && table != null ? reader.describe(table) : null;
        if (d != null) {
            for (CatalogReader.Index i : CatalogReader.indexes(d)) {
                if (unique && !i.unique()) {
                    continue;
                }
                int position = 0;
                for (CatalogReader.IndexColumn c : i.columns()) {
                    rows.add(new Object[] {connection.getCatalog(), null, d.getTable(), !i.unique(),
                        i.count() ? "COUNT" : null, i.name(), (int) tableIndexOther, ++position, c.name(),
                        c.descending() ? "D" : "A", null, null, null});
                }
            }
            rows.sort(Comparator.comparing((Object[] r) -> (Boolean) r[3]).thenComparing(r -> (String) r[5])
                    .thenComparing(r -> (Integer) r[7]));
        }
        return result(columns("TABLE_CAT:s", "TABLE_SCHEM:s", "TABLE_NAME:s", "NON_UNIQUE:b", "INDEX_QUALIFIER:s",
                "INDEX_NAME:s", "TYPE:i", "ORDINAL_POSITION:i", "COLUMN_NAME:s", "ASC_OR_DESC:s", "CARDINALITY:l",
                "PAGES:l", "FILTER_CONDITION:s"), rows);
    }

    @Override
    public ResultSet getTypeInfo() {
        List<Object[]> rows = new ArrayList<>();
        for (ColumnKind kind : JdbcTypes.KINDS) {
            ColumnType type = ColumnType.newBuilder().setKind(kind).build();
            boolean text = kind == ColumnKind.VARCHAR;
            boolean quoted = text || kind == ColumnKind.DATE || kind == ColumnKind.TIMESTAMP || kind == ColumnKind.TIME;
            String prefix = kind == ColumnKind.VARBINARY ? "X'" : kind == ColumnKind.DATE ? "DATE '"
                    : kind == ColumnKind.TIMESTAMP ? "TIMESTAMP '" : kind == ColumnKind.TIME ? "TIME '"
                    : quoted ? "'" : null;
            String params = kind == ColumnKind.DECIMAL ? "precision,scale"
                    : kind == ColumnKind.VARCHAR || kind == ColumnKind.VARBINARY ? "length" : null;
            int maxScale = kind == ColumnKind.DECIMAL ? 38 : kind == ColumnKind.TIMESTAMP ? 3
                    : kind == ColumnKind.TIME ? 6 : 0;
            rows.add(new Object[] {JdbcTypes.typeName(kind), JdbcTypes.sqlType(kind),
                JdbcTypes.precision(type) == Integer.MAX_VALUE ? 0 : kind == ColumnKind.DECIMAL ? 38
                        : JdbcTypes.precision(type), prefix, prefix == null ? null : "'", params,
                (int) typeNullable, text, (int) (kind == ColumnKind.VARBINARY ? typePredBasic : typeSearchable),
                !JdbcTypes.signed(kind), false, false, JdbcTypes.typeName(kind), 0, maxScale, null, null,
                JdbcTypes.signed(kind) ? Integer.valueOf(kind == ColumnKind.DOUBLE ? 2 : 10) : null});
        }
        return result(columns("TYPE_NAME:s", "DATA_TYPE:i", "PRECISION:i", "LITERAL_PREFIX:s", "LITERAL_SUFFIX:s",
                "CREATE_PARAMS:s", "NULLABLE:i", "CASE_SENSITIVE:b", "SEARCHABLE:i", "UNSIGNED_ATTRIBUTE:b",
                "FIXED_PREC_SCALE:b", "AUTO_INCREMENT:b", "LOCAL_TYPE_NAME:s", "MINIMUM_SCALE:i", "MAXIMUM_SCALE:i",
                "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i", "NUM_PREC_RADIX:i"), rows);
    }

    // ---- what the service does not have: empty results with the columns JDBC names ----

    @Override
    public ResultSet getProcedures(String c, String s, String p) {
        return empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "R4", "R5", "R6", "REMARKS",
                "PROCEDURE_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getProcedureColumns(String c, String s, String p, String col) {
        return empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE",
                "DATA_TYPE", "TYPE_NAME");
    }

    @Override
    public ResultSet getFunctions(String c, String s, String f) {
        return empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getFunctionColumns(String c, String s, String f, String col) {
        return empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE",
                "TYPE_NAME");
    }

    @Override
    public ResultSet getColumnPrivileges(String c, String s, String t, String col) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
                "IS_GRANTABLE");
    }

    @Override
    public ResultSet getTablePrivileges(String c, String s, String t) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public ResultSet getBestRowIdentifier(String c, String s, String t, int scope, boolean nullable) {
        return empty("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH",
                "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    }

    @Override
    public ResultSet getVersionColumns(String c, String s, String t) {
        return empty("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH",
                "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    }

    @Override
    public ResultSet getUDTs(String c, String s, String t, int[] types) {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE", "REMARKS", "BASE_TYPE");
    }

    @Override
    public ResultSet getSuperTypes(String c, String s, String t) {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
    }

    @Override
    public ResultSet getSuperTables(String c, String s, String t) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
    }

    @Override
    public ResultSet getAttributes(String c, String s, String t, String a) {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE", "ATTR_TYPE_NAME");
    }

    @Override
    public ResultSet getClientInfoProperties() {
        return empty("NAME", "MAX_LEN", "DEFAULT_VALUE", "DESCRIPTION");
    }

    @Override
    public ResultSet getPseudoColumns(String c, String s, String t, String col) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE");
    }

    // ---- the product and the connection ----

    @Override
    public String getDatabaseProductName() {
        return "Relationship Layer";
    }

    /** The server reports no version over the wire: the driver's, which is built with it. */
    @Override
    public String getDatabaseProductVersion() {
        return getDriverVersion();
    }

    @Override
    public int getDatabaseMajorVersion() {
        return RlDriver.MAJOR_VERSION;
    }

    @Override
    public int getDatabaseMinorVersion() {
        return RlDriver.MINOR_VERSION;
    }

    @Override
    public String getDriverName() {
        return "Relationship Layer JDBC driver (rl-jdbc)";
    }

    @Override
    public String getDriverVersion() {
        String v = RlDriver.class.getPackage().getImplementationVersion();
        return v != null ? v : RlDriver.MAJOR_VERSION + "." + RlDriver.MINOR_VERSION + ".0";
    }

    @Override
    public int getDriverMajorVersion() {
        return RlDriver.MAJOR_VERSION;
    }

    @Override
    public int getDriverMinorVersion() {
        return RlDriver.MINOR_VERSION;
    }

    @Override
    public String getURL() {
        return connection.url().display();
    }

    /** Calls carry a bearer token, not a user name. */
    @Override
    public String getUserName() {
        return "";
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return connection.isReadOnly();
    }

    @Override
    public Connection getConnection() {
        return connection;
    }
}
