package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code pg_catalog.pg_class}, {@code pg_attribute}, {@code pg_type} and {@code pg_index} over real tables, views and
 * indexes: the joins tools make between them by object id, ids that stay the same across sessions and engines, and a
 * dropped table's rows gone.
 */
class PgCatalogTest {
    private static final String DDL_CUSTOMERS = "CREATE TABLE customers (id BIGINT PRIMARY KEY, "
            + "email VARCHAR(100) NOT NULL UNIQUE, region INTEGER DEFAULT 7, balance DECIMAL(10, 2), joined DATE, "
            + "seen TIMESTAMP, vip BOOLEAN, photo VARBINARY(10), score DOUBLE, notes TEXT)";
    private static final String COLUMNS = "SELECT c.relname, a.attname, t.typname FROM pg_catalog.pg_class c "
            + "JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid JOIN pg_catalog.pg_type t ON t.oid = a.atttypid "
            + "WHERE c.relkind = 'r' AND a.attnum > 0 ORDER BY c.relname, a.attnum";
    private static final String OIDS = "SELECT relname, oid FROM pg_catalog.pg_class ORDER BY relname";

    @Test
    void toolsJoinTheCatalogsByObjectId() {
        try (Backend backend = Backend.open("embedded:memory"); SqlSession s = engine(backend).open("shop")) {
            create(s);
            assertThat(rows(s, COLUMNS)).containsExactly(
                    List.of("customers", "id", "int8"), List.of("customers", "email", "varchar"),
                    List.of("customers", "region", "int4"), List.of("customers", "balance", "numeric"),
                    List.of("customers", "joined", "date"), List.of("customers", "seen", "timestamp"),
                    List.of("customers", "vip", "bool"), List.of("customers", "photo", "bytea"),
                    List.of("customers", "score", "float8"), List.of("customers", "notes", "varchar"),
                    List.of("loose", "a", "int4"), List.of("loose", "b", "varchar"),
                    List.of("orders", "id", "int8"), List.of("orders", "customer_id", "int8"),
                    List.of("orders", "status", "varchar"));

            assertThat(rows(s, "SELECT c.relname, c.relkind, n.nspname, c.relhasindex, c.relnatts, c.relchecks, "
                    + "c.relhastriggers, c.relhasrules, c.reltuples, c.relpersistence FROM pg_catalog.pg_class c "
                    + "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ORDER BY c.relname")).containsExactly(
                    List.of("by_status", "i", "public", false, 1, 0, false, false, -1.0, "p"),
                    List.of("customers", "r", "public", true, 10, 0, true, false, -1.0, "p"),
                    List.of("customers_email_key", "i", "public", false, 1, 0, false, false, -1.0, "p"),
                    List.of("customers_pkey", "i", "public", false, 1, 0, false, false, -1.0, "p"),
                    List.of("loose", "r", "public", false, 2, 1, false, false, -1.0, "p"),
                    List.of("orders", "r", "public", true, 3, 0, true, false, -1.0, "p"),
                    List.of("orders_by_customer", "i", "public", false, 2, 0, false, false, -1.0, "p"),
                    List.of("orders_pkey", "i", "public", false, 1, 0, false, false, -1.0, "p"),
                    List.of("regions", "v", "public", false, 2, 0, false, true, -1.0, "p"));

            assertThat(rows(s, "SELECT a.attname, a.atttypid, a.attlen, a.atttypmod, a.attnotnull, a.atthasdef, "
                    + "a.attisdropped FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid "
                    + "WHERE c.relname = 'customers' AND a.attname IN ('id', 'email', 'region', 'balance', 'notes') "
                    + "ORDER BY a.attnum")).containsExactly(
                    List.of("id", 20L, 8, -1, true, false, false),
                    List.of("email", 1043L, -1, 104, true, false, false),
                    List.of("region", 23L, 4, -1, false, true, false),
                    List.of("balance", 1700L, -1, (10 << 16 | 2) + 4, false, false, false),
                    List.of("notes", 1043L, -1, -1, false, false, false));

            // a view's columns, and an index's (named after the table's, in index order)
            assertThat(rows(s, "SELECT c.relname, a.attnum, a.attname, t.typname FROM pg_catalog.pg_attribute a "
                    + "JOIN pg_catalog.pg_class c ON c.oid = a.attrelid JOIN pg_catalog.pg_type t "
                    + "ON t.oid = a.atttypid WHERE c.relkind IN ('v', 'i') AND c.relname <> 'customers_pkey' "
                    + "AND c.relname <> 'orders_pkey' ORDER BY c.relname, a.attnum")).containsExactly(
                    List.of("by_status", 1, "status", "varchar"),
                    List.of("customers_email_key", 1, "email", "varchar"),
                    List.of("orders_by_customer", 1, "status", "varchar"),
                    List.of("orders_by_customer", 2, "customer_id", "int8"),
                    List.of("regions", 1, "region", "int4"), List.of("regions", 2, "n", "int8"));

            assertThat(rows(s, "SELECT t.relname, i.relname, x.indisunique, x.indisprimary, x.indnatts, x.indkey "
                    + "FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid "
                    + "JOIN pg_catalog.pg_class t ON t.oid = x.indrelid ORDER BY i.relname")).containsExactly(
                    List.of("orders", "by_status", false, false, 1, "3"),
                    List.of("customers", "customers_email_key", true, false, 1, "2"),
                    List.of("customers", "customers_pkey", true, true, 1, "1"),
                    List.of("orders", "orders_by_customer", false, false, 2, "3 2"),
                    List.of("orders", "orders_pkey", true, true, 1, "1"));
        }
    }

    @Test
    void typesHavePostgresObjectIds() {
        try (Backend backend = Backend.open("embedded:memory"); SqlSession s = engine(backend).open("types")) {
            assertThat(rows(s, "SELECT t.oid, t.typname, t.typlen, t.typtype, n.nspname FROM pg_catalog.pg_type t "
                    + "JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace ORDER BY t.oid")).containsExactly(
                    List.of(16L, "bool", 1, "b", "pg_catalog"), List.of(17L, "bytea", -1, "b", "pg_catalog"),
                    List.of(20L, "int8", 8, "b", "pg_catalog"), List.of(21L, "int2", 2, "b", "pg_catalog"),
                    List.of(23L, "int4", 4, "b", "pg_catalog"), List.of(25L, "text", -1, "b", "pg_catalog"),
                    List.of(700L, "float4", 4, "b", "pg_catalog"), List.of(701L, "float8", 8, "b", "pg_catalog"),
                    List.of(1042L, "bpchar", -1, "b", "pg_catalog"), List.of(1043L, "varchar", -1, "b", "pg_catalog"),
                    List.of(1082L, "date", 4, "b", "pg_catalog"), List.of(1083L, "time", 8, "b", "pg_catalog"),
                    List.of(1114L, "timestamp", 8, "b", "pg_catalog"),
                    List.of(1700L, "numeric", -1, "b", "pg_catalog"));
        }
    }

    @Test
    void objectIdsAreTheSameInEverySessionWhileTheObjectIs() {
        try (Backend backend = Backend.open("embedded:memory")) {
            List<List<Object>> first;
            try (SqlSession s = engine(backend).open("ids")) {
                create(s);
                first = rows(s, OIDS);
                assertThat(first).hasSize(9).allSatisfy(r -> assertThat((Long) r.get(1)).isBetween(16384L,
                        (long) Integer.MAX_VALUE));
                assertThat(first.stream().map(r -> r.get(1)).distinct()).hasSize(9);
                assertThat(rows(s, OIDS)).isEqualTo(first);
            }
            // another session of another engine, as after a restart, and a change to another object
            try (SqlSession s = engine(backend).open("ids"); SqlSession t = engine(backend).open("ids")) {
                assertThat(rows(s, OIDS)).isEqualTo(first);
                t.execute("CREATE TABLE other (k INTEGER PRIMARY KEY)", List.of());
                List<List<Object>> after = rows(s, OIDS);
                assertThat(after).hasSize(11).containsAll(first);
            }
        }
    }

    @Test
    void aDroppedTableIsGone() {
        try (Backend backend = Backend.open("embedded:memory"); SqlSession s = engine(backend).open("drops")) {
            create(s);
            long loose = (Long) rows(s, "SELECT oid FROM pg_catalog.pg_class WHERE relname = 'loose'").get(0).get(0);
            s.execute("DROP TABLE loose", List.of());
            assertThat(rows(s, "SELECT relname FROM pg_catalog.pg_class WHERE relname = 'loose'")).isEmpty();
            assertThat(rows(s, "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = " + loose)).isEmpty();

            s.execute("DROP TABLE orders", List.of());
            assertThat(rows(s, "SELECT c.relname FROM pg_catalog.pg_class c ORDER BY c.relname")).containsExactly(
                    List.of("customers"), List.of("customers_email_key"), List.of("customers_pkey"),
                    List.of("regions"));
            assertThat(rows(s, "SELECT i.relname FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class i "
                    + "ON i.oid = x.indexrelid ORDER BY i.relname")).containsExactly(List.of("customers_email_key"),
                    List.of("customers_pkey"));

            // a table made again with the same name is another object, with another id
            s.execute("CREATE TABLE loose (a INTEGER)", List.of());
            long again = (Long) rows(s, "SELECT oid FROM pg_catalog.pg_class WHERE relname = 'loose'").get(0).get(0);
            assertThat(again).isNotEqualTo(loose);
            assertThat(rows(s, "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = " + again))
                    .containsExactly(List.of("a"));
        }
    }

    @Test
    void constraintIdsAndRegclassFollowTheObjects() {
        String constraints = "SELECT conname, oid, conrelid FROM pg_catalog.pg_constraint ORDER BY conname";
        String regclass = "SELECT 'loose'::regclass";
        try (Backend backend = Backend.open("embedded:memory")) {
            List<List<Object>> first;
            long loose;
            try (SqlSession s = engine(backend).open("constraints")) {
                create(s);
                first = rows(s, constraints);
                assertThat(first).extracting(r -> r.get(0)).containsExactly("customers_email_key", "customers_pkey",
                        "loose_a_check", "orders_customer_id_fkey", "orders_pkey");
                loose = (Long) rows(s, "SELECT oid FROM pg_catalog.pg_class WHERE relname = 'loose'").get(0).get(0);
                assertThat(rows(s, regclass)).containsExactly(List.of(loose));
                assertThat(first.get(2).get(2)).isEqualTo(loose);
            }
            // another engine's session (as after a restart) has the same ids
            try (SqlSession s = engine(backend).open("constraints")) {
                assertThat(rows(s, constraints)).isEqualTo(first);
                assertThat(rows(s, regclass)).containsExactly(List.of(loose));
                // the same text after the table is made again is planned again: the new table's id
                s.execute("DROP TABLE loose", List.of());
                s.execute("CREATE TABLE loose (a INTEGER CHECK (a > 0))", List.of());
                long again = (Long) rows(s, "SELECT oid FROM pg_catalog.pg_class WHERE relname = 'loose'").get(0)
                        .get(0);
                assertThat(again).isNotEqualTo(loose);
                assertThat(rows(s, regclass)).containsExactly(List.of(again));
                assertThat(rows(s, "SELECT conrelid FROM pg_catalog.pg_constraint WHERE conname = 'loose_a_check'"))
                        .containsExactly(List.of(again));
            }
        }
    }

    /** Tables with a primary key, a unique constraint, a foreign key, an index, a COUNT index, none, and a view. */
    private static void create(SqlSession s) {
        s.execute(DDL_CUSTOMERS, List.of());
        s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer_id BIGINT REFERENCES customers, "
                + "status VARCHAR(10))", List.of());
        s.execute("CREATE INDEX orders_by_customer ON orders (status, customer_id)", List.of());
        s.execute("CREATE COUNT INDEX by_status ON orders (status)", List.of());
        s.execute("CREATE TABLE loose (a INTEGER CHECK (a > 0), b TEXT)", List.of());
        s.execute("CREATE VIEW regions AS SELECT region, COUNT(*) AS n FROM customers GROUP BY region", List.of());
    }

    private static SqlEngine engine(Backend backend) {
        return new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
    }

    private static List<List<Object>> rows(SqlSession s, String sql, Object... params) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream rows = ((StatementResult.Query) s.execute(sql, Arrays.asList(params))).rows()) {
            rows.forEachRemaining(r -> out.add(Arrays.asList(r)));
        }
        return out;
    }
}
