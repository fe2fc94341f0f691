package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresSyntaxTest {
    @Test
    void currentSchemaLosesItsParenthesesAndTheTextKeepsItsPositions() {
        assertThat(PostgresSyntax.rewrite("SELECT current_schema(), CURRENT_SCHEMA (\n )"))
                .isEqualTo("SELECT current_schema  , CURRENT_SCHEMA  \n  ");
        String untouched = "SELECT 'current_schema()', \"current_schema()\" -- current_schema()\n"
                + "/* current_schema() */ FROM t WHERE x.current_schema() AND my_current_schema() AND current_schema(1)";
        assertThat(PostgresSyntax.rewrite(untouched)).isEqualTo(untouched);
    }

    @Test
    void anErrorAfterItIsPlacedInTheStatementAsWritten() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("db")) {
            assertThatThrownBy(() -> s.execute("SELECT current_schema(),\n  current_schema ( ), nope", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> {
                        assertThat(e.sqlState()).isEqualTo("42703");
                        assertThat(e.line()).isEqualTo(2);
                        assertThat(e.column()).isEqualTo(23);
                    });
        }
    }
}
