package io.relationshiplayer.sql;

import io.relationshiplayer.sql.ddl.TruncateStatement;
import java.util.List;

/**
 * Runs TRUNCATE: each table's rows deleted, the referencing tables' first, in the session's transaction or in one of
 * its own (all or nothing). The DELETEs run as any would, with their foreign-key checks and the session's permissions.
 */
final class SqlTruncate {
    private SqlTruncate() {
    }

    static StatementResult run(SqlSession session, TruncateStatement statement) {
        boolean own = !session.inTransaction();
        if (own) {
            session.begin(null);
        }
        try {
            for (String table : statement.order(session.transactionSession().catalog())) {
                session.execute("DELETE FROM \"" + table.replace("\"", "\"\"") + "\"", List.of());
            }
        } catch (RuntimeException e) {
            if (own) {
                session.rollback();
            }
            throw e;
        }
        if (own) {
            session.execute("COMMIT", List.of());
        }
        return new StatementResult.Done("TRUNCATE TABLE");
    }
}
