package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TIMESTAMPs the relationship layer's Java API stored with microseconds (the record keeps them) read by SQL as they
 * are: returned, compared, found through an index and written back by SQL unchanged (SQL refused them when its
 * TIMESTAMP kept milliseconds).
 */
class StoredTimestampsTest {
    private static final LocalDateTime FIRST = LocalDateTime.of(2024, 5, 1, 8, 0, 0, 123_456_000);
    private static final LocalDateTime BEFORE_1970 = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000);

    private Backend backend;
    private RelationshipLayer layer;
    private SqlSession s;

    @BeforeEach
    void open() {
        backend = Backend.open("embedded:memory");
        layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
        s = new SqlEngine(layer).open("stored");
        s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, ts TIMESTAMP)", List.of());
        s.execute("CREATE INDEX t_ts ON t (ts)", List.of());
        layer.run("stored", x -> {
            x.insert("t", Map.of("id", 1L, "ts", FIRST));
            x.insert("t", Map.of("id", 2L, "ts", FIRST.plusNanos(1_000)));
            return x.insert("t", Map.of("id", 3L, "ts", BEFORE_1970));
        });
    }

    @AfterEach
    void close() {
        s.close();
        backend.close();
    }

    @Test
    void sqlReadsComparesAndWritesBackTheStoredMicroseconds() {
        assertThat(rows("SELECT id, ts FROM t ORDER BY ts")).containsExactly(List.of(3L, BEFORE_1970),
                List.of(1L, FIRST), List.of(2L, FIRST.plusNanos(1_000)));
        assertThat(rows("SELECT id FROM t WHERE ts > TIMESTAMP '2024-05-01 08:00:00.123456'"))
                .containsExactly(List.of(2L));
        assertThat(rows("SELECT id FROM t WHERE ts = ?", FIRST)).containsExactly(List.of(1L));
        assertThat(rows("SELECT CAST(ts AS VARCHAR) FROM t WHERE id = 3"))
                .containsExactly(List.of("1969-12-31 23:59:59.999999"));
        s.execute("UPDATE t SET ts = ts + INTERVAL '1' DAY WHERE id = 2", List.of());
        Object stored = layer.run("stored", x -> x.access().lookup(x.catalog().requireTable("t"),
                new Object[] {2L}).join().get("ts"));
        assertThat(stored).isEqualTo(FIRST.plusDays(1).plusNanos(1_000));
    }

    private List<List<Object>> rows(String sql, Object... params) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of(params))).rows()) {
            r.forEachRemaining(row -> out.add(Arrays.asList(row)));
        }
        return out;
    }
}
