package io.relationshiplayer.sql;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExplainAnalyzeTest {
    @Test
    void probe() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("probe")) {
            s.execute("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(9))", List.of());
            s.execute("CREATE TABLE c (id BIGINT PRIMARY KEY, p_id BIGINT REFERENCES p, n INTEGER)", List.of());
            s.execute("INSERT INTO p VALUES (1, 'a'), (2, 'b')", List.of());
            s.execute("INSERT INTO c VALUES (1, 1, 5), (2, 1, 6), (3, 2, 7)", List.of());
            for (String q : List.of("EXPLAIN ANALYZE SELECT p.name, c.n FROM p JOIN c ON c.p_id = p.id WHERE p.id = 1",
                    "EXPLAIN ANALYZE SELECT name, COUNT(*) FROM p GROUP BY name ORDER BY 2 LIMIT 1",
                    "EXPLAIN ANALYZE SELECT * FROM c ORDER BY id LIMIT 2",
                    "EXPLAIN (ANALYZE, FORMAT TEXT) SELECT * FROM c WHERE id = 2",
                    "EXPLAIN ANALYZE SELECT COUNT(*) FROM c", "EXPLAIN ANALYZE DELETE FROM c WHERE n > 5",
                    "SELECT COUNT(*) FROM c")) {
                try (RowStream r = ((StatementResult.Query) s.execute(q, List.of())).rows()) {
                    while (r.hasNext()) {
                        System.out.println("ROW[" + r.next()[0] + "]");
                    }
                }
            }
        }
    }
}
