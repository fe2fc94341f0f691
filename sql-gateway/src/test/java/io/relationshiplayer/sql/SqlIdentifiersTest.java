package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlIdentifiersTest {
    @Test
    void quotesAsPostgresQuoteIdentDoes() {
        // not keywords, or PostgreSQL's unreserved ones (Calcite's reserved words among them): bare
        for (String bare : new String[] {"t", "_x1", "year", "value", "count", "at", "date", "month", "current",
                "key", "view", "text", "name", "user_id"}) {
            assertThat(SqlIdentifiers.quote(bare)).as(bare).isEqualTo(bare);
        }
        // reserved, type-or-function-name and column-name keywords, upper case, other characters: quoted
        for (String quoted : new String[] {"select", "user", "left", "join", "is", "position", "time", "timestamp",
                "int", "values", "Upper", "a b", "1a", "été",
                // Calcite reads these bare as its functions, where PostgreSQL 15 reads a column
                "system_user", "current_path"}) {
            assertThat(SqlIdentifiers.quote(quoted)).as(quoted).isEqualTo("\"" + quoted + "\"");
        }
        assertThat(SqlIdentifiers.quote("quote\"d")).isEqualTo("\"quote\"\"d\"");
    }
}
