package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData over ListTables and DescribeTable: what tools browse. */
class MetadataTest {
    private static String url;
    private static String database;

    @BeforeAll
    static void ticketTracker() throws SQLException {
        url = TestServer.url("meta");
        database = url.substring(url.lastIndexOf('/') + 1);
        try (Connection c = TestServer.connect(url); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL UNIQUE)");
            st.execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, "
                    + "project_id BIGINT REFERENCES projects ON DELETE CASCADE, "
                    + "status VARCHAR(10) NOT NULL DEFAULT 'open', estimate DECIMAL(6,1), opened TIMESTAMP)");
            st.execute("CREATE TABLE comments (ticket_id BIGINT NOT NULL REFERENCES tickets ON DELETE RESTRICT, "
                    + "n INTEGER NOT NULL, body VARCHAR(200), PRIMARY KEY (ticket_id, n))");
            st.execute("CREATE INDEX tickets_status ON tickets (status, id DESC)");
            st.execute("CREATE COUNT INDEX tickets_per_status ON tickets (status)");
            st.execute("CREATE VIEW open_tickets AS SELECT id, estimate FROM tickets WHERE status = 'open'");
        }
    }

    /** Every row as a map of the named columns' values (getObject). */
    private static List<Map<String, Object>> rows(ResultSet rs, String... names) throws SQLException {
        List<Map<String, Object>> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (String n : names) {
                    row.put(n, rs.getObject(n));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Test
    void productCatalogsTablesAndTypes() throws SQLException {
        try (Connection c = TestServer.connect(url)) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(md.getDatabaseProductName()).isEqualTo("Relationship Layer");
            assertThat(md.getDriverMajorVersion()).isEqualTo(RlDriver.MAJOR_VERSION);
            assertThat(md.getURL()).isEqualTo(url);
            assertThat(md.getDefaultTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
            assertThat(md.supportsGetGeneratedKeys()).isFalse();
            assertThat(md.storesLowerCaseIdentifiers()).isTrue();
            assertThat(c.getCatalog()).isEqualTo(database);
            assertThat(rows(md.getCatalogs(), "TABLE_CAT")).extracting(r -> r.get("TABLE_CAT")).contains(database);
            assertThat(rows(md.getSchemas(), "TABLE_SCHEM")).isEmpty();
            assertThat(rows(md.getTables(null, null, "%", new String[] {"TABLE"}), "TABLE_CAT", "TABLE_NAME",
                    "TABLE_TYPE")).extracting(r -> r.get("TABLE_NAME")).containsExactly("comments", "projects",
                    "tickets");
            assertThat(rows(md.getTables(database, null, "t%", null), "TABLE_NAME")).extracting(
                    r -> r.get("TABLE_NAME")).containsExactly("tickets");
            assertThat(rows(md.getTables("elsewhere", null, null, null), "TABLE_NAME")).isEmpty();
            assertThat(rows(md.getTables(null, null, null, new String[] {"VIEW"}), "TABLE_NAME", "TABLE_TYPE"))
                    .containsExactly(Map.of("TABLE_NAME", "open_tickets", "TABLE_TYPE", "VIEW"));
            assertThat(rows(md.getTableTypes(), "TABLE_TYPE")).extracting(r -> r.get("TABLE_TYPE"))
                    .containsExactly("TABLE", "VIEW");
            assertThat(rows(md.getColumns(null, null, "open_tickets", "%"), "COLUMN_NAME", "TYPE_NAME"))
                    .containsExactly(Map.of("COLUMN_NAME", "id", "TYPE_NAME", "BIGINT"),
                            Map.of("COLUMN_NAME", "estimate", "TYPE_NAME", "DECIMAL"));
            List<Map<String, Object>> types = rows(md.getTypeInfo(), "TYPE_NAME", "DATA_TYPE");
            assertThat(types).extracting(r -> r.get("TYPE_NAME")).containsExactly("BIGINT", "VARBINARY", "DECIMAL",
                    "INTEGER", "SMALLINT", "DOUBLE", "VARCHAR", "BOOLEAN", "DATE", "TIME", "TIMESTAMP");
            assertThat(types).extracting(r -> r.get("DATA_TYPE")).isSorted();
        }
    }

    @Test
    void anotherCatalogIsAnotherDatabase() throws SQLException {
        String elsewhere = database + "_other";
        try (Connection c = TestServer.connect(url)) {
            c.setCatalog(elsewhere); // a session on that database (created on first use, as connecting does)
            assertThat(c.getCatalog()).isEqualTo(elsewhere);
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE only_here (id BIGINT PRIMARY KEY)");
            }
            assertThat(rows(c.getMetaData().getTables(null, null, null, null), "TABLE_NAME"))
                    .extracting(r -> r.get("TABLE_NAME")).containsExactly("only_here");
            assertThat(rows(c.getMetaData().getCatalogs(), "TABLE_CAT")).extracting(r -> r.get("TABLE_CAT"))
                    .contains(database, elsewhere);
            c.setCatalog(database);
            assertThat(rows(c.getMetaData().getTables(null, null, "only%", null), "TABLE_NAME")).isEmpty();
        }
    }

    @Test
    void columnsHaveTypesSizesNullabilityAndDefaults() throws SQLException {
        try (Connection c = TestServer.connect(url)) {
            List<Map<String, Object>> cols = rows(c.getMetaData().getColumns(null, null, "tickets", "%"),
                    "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "DECIMAL_DIGITS", "NULLABLE",
                    "IS_NULLABLE", "COLUMN_DEF", "ORDINAL_POSITION");
            assertThat(cols).extracting(r -> r.get("COLUMN_NAME")).containsExactly("id", "project_id", "status",
                    "estimate", "opened");
            assertThat(cols.get(0)).containsEntry("DATA_TYPE", Types.BIGINT).containsEntry("NULLABLE",
                    DatabaseMetaData.columnNoNulls).containsEntry("IS_NULLABLE", "NO");
            assertThat(cols.get(1)).containsEntry("NULLABLE", DatabaseMetaData.columnNullable);
            assertThat(cols.get(2)).containsEntry("DATA_TYPE", Types.VARCHAR).containsEntry("COLUMN_SIZE", 10)
                    .containsEntry("COLUMN_DEF", "'open'").containsEntry("IS_NULLABLE", "NO")
                    .containsEntry("ORDINAL_POSITION", 3);
            assertThat(cols.get(3)).containsEntry("DATA_TYPE", Types.DECIMAL).containsEntry("COLUMN_SIZE", 6)
                    .containsEntry("DECIMAL_DIGITS", 1);
            assertThat(cols.get(4)).containsEntry("TYPE_NAME", "TIMESTAMP");
            assertThat(rows(c.getMetaData().getColumns(null, null, "%", "n%"), "TABLE_NAME", "COLUMN_NAME"))
                    .extracting(r -> r.get("TABLE_NAME") + "." + r.get("COLUMN_NAME"))
                    .containsExactly("comments.n", "projects.name");
        }
    }

    @Test
    void aTimestampColumnHasTheDigitsOfItsPrecisionZeroIncluded() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("stamps")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE stamps (id BIGINT PRIMARY KEY, s TIMESTAMP(0), m TIMESTAMP(3), u TIMESTAMP)");
            List<Map<String, Object>> cols = rows(c.getMetaData().getColumns(null, null, "stamps", "%"),
                    "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE", "DECIMAL_DIGITS");
            assertThat(cols).extracting(r -> r.get("COLUMN_NAME") + " " + r.get("DATA_TYPE") + " "
                    + r.get("COLUMN_SIZE") + " " + r.get("DECIMAL_DIGITS")).containsExactly(
                    "id " + Types.BIGINT + " 19 0", "s " + Types.TIMESTAMP + " 19 0",
                    "m " + Types.TIMESTAMP + " 23 3", "u " + Types.TIMESTAMP + " 26 6");
        }
    }

    @Test
    void primaryAndForeignKeysWithTheirActions() throws SQLException {
        try (Connection c = TestServer.connect(url)) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(rows(md.getPrimaryKeys(null, null, "comments"), "COLUMN_NAME", "KEY_SEQ"))
                    .extracting(r -> r.get("COLUMN_NAME") + ":" + r.get("KEY_SEQ"))
                    .containsExactly("n:2", "ticket_id:1");
            List<Map<String, Object>> imported = rows(md.getImportedKeys(null, null, "tickets"), "PKTABLE_NAME",
                    "PKCOLUMN_NAME", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "DELETE_RULE", "UPDATE_RULE",
                    "FK_NAME", "PK_NAME");
            assertThat(imported).hasSize(1);
            assertThat(imported.get(0)).containsEntry("PKTABLE_NAME", "projects").containsEntry("PKCOLUMN_NAME", "id")
                    .containsEntry("FKCOLUMN_NAME", "project_id").containsEntry("KEY_SEQ", 1)
                    .containsEntry("DELETE_RULE", (int) DatabaseMetaData.importedKeyCascade)
                    .containsEntry("UPDATE_RULE", (int) DatabaseMetaData.importedKeyNoAction);
            assertThat(imported.get(0).get("FK_NAME")).isNotNull();
            assertThat((String) imported.get(0).get("PK_NAME")).isNotBlank();
            List<Map<String, Object>> exported = rows(md.getExportedKeys(null, null, "tickets"), "FKTABLE_NAME",
                    "FKCOLUMN_NAME", "DELETE_RULE");
            assertThat(exported).hasSize(1);
            assertThat(exported.get(0)).containsEntry("FKTABLE_NAME", "comments")
                    .containsEntry("FKCOLUMN_NAME", "ticket_id")
                    .containsEntry("DELETE_RULE", (int) DatabaseMetaData.importedKeyRestrict);
            assertThat(rows(md.getExportedKeys(null, null, "projects"), "FKTABLE_NAME"))
                    .extracting(r -> r.get("FKTABLE_NAME")).containsExactly("tickets");
            assertThat(rows(md.getCrossReference(null, null, "projects", null, null, "comments"), "FK_NAME"))
                    .isEmpty();
        }
    }

    @Test
    void indexesUniqueKeysAndCountIndexes() throws SQLException {
        try (Connection c = TestServer.connect(url)) {
            DatabaseMetaData md = c.getMetaData();
            List<Map<String, Object>> idx = rows(md.getIndexInfo(null, null, "tickets", false, true),
                    "NON_UNIQUE", "INDEX_QUALIFIER", "INDEX_NAME", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC");
            assertThat(idx).extracting(r -> r.get("INDEX_NAME") + "/" + r.get("ORDINAL_POSITION") + "/"
                    + r.get("COLUMN_NAME") + "/" + r.get("ASC_OR_DESC") + "/" + r.get("NON_UNIQUE") + "/"
                    + r.get("INDEX_QUALIFIER"))
                    .contains("tickets_status/1/status/A/true/null", "tickets_status/2/id/D/true/null",
                            "tickets_per_status/1/status/A/true/COUNT");
            assertThat(idx).filteredOn(r -> Boolean.FALSE.equals(r.get("NON_UNIQUE")))
                    .extracting(r -> r.get("COLUMN_NAME")).containsExactly("id"); // the primary key
            List<Map<String, Object>> unique = rows(md.getIndexInfo(null, null, "projects", true, true),
                    "INDEX_NAME", "COLUMN_NAME", "NON_UNIQUE");
            assertThat(unique).extracting(r -> r.get("COLUMN_NAME")).containsExactlyInAnyOrder("id", "name");
            assertThat(unique).allSatisfy(r -> assertThat(r.get("NON_UNIQUE")).isEqualTo(false));
        }
    }
}
