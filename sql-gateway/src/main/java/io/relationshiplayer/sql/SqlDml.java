package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.StatementRows;
import io.relationshiplayer.sql.ddl.DmlClauses;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs an INSERT, UPDATE or DELETE with the clauses Calcite does not have ({@link DmlClauses}): RETURNING, and an
 * INSERT's ON CONFLICT. The statement without them is planned by Calcite and writes through the relationship layer's
 * write path as any other, with the session's {@link StatementRows} keeping the rows it writes (or, for ON CONFLICT,
 * the rows it proposes, which {@link SqlOnConflict} then inserts or not one by one); RETURNING is then a query of the
 * rows written. It all runs in one transaction: the session's, or one of its own that commits at the end (retried on
 * conflict, as an autocommit statement is), so that a statement's rows and its writes are one.
 */
final class SqlDml {
    private final SqlSession session;
    private final String sql;
    private final DmlClauses clauses;
    private final String tag;
    /** An UPDATE ... FROM or DELETE ... USING ({@link JoinedDml}): its RETURNING has only the target's columns. */
    private final boolean joined;

    private SqlDml(SqlSession session, String sql, DmlClauses clauses, String tag) {
        this.session = session;
        this.sql = sql;
        this.clauses = clauses;
        this.tag = tag;
        this.joined = clauses.returning() != null && io.relationshiplayer.sql.ddl.DmlJoinSyntax.find(
                clauses.statement()) != null;
        if (joined) {
            io.relationshiplayer.sql.ddl.DmlJoinSyntax.refuseBareStar(sql, clauses.returning().list().start(),
                    clauses.returning().list().end());
        }
    }

    /** Runs an INSERT, UPDATE or DELETE with {@code params}, with its clauses if it has any; tagged {@code tag}. */
    static StatementResult execute(SqlSession session, String sql, List<Object> params, String tag) {
        DmlClauses clauses = DmlClauses.mayHave(sql) ? DmlClauses.parse(sql) : null;
        return clauses == null ? session.runCalcite(StatementText.strip(sql), params, tag)
                : run(session, sql, clauses, params, tag);
    }

    private static StatementResult run(SqlSession session, String sql, DmlClauses clauses, List<Object> params, String tag) {
        SqlDml dml = new SqlDml(session, sql, clauses, tag);
        int expected = clauses.parameters() + (clauses.onConflict() == null ? 0 : clauses.onConflict().parameters())
                + (clauses.returning() == null ? 0 : clauses.returning().parameters());
        if (params.size() != expected) {
            throw new SqlException(SqlException.INVALID_PARAMETER, "the statement has " + expected
                    + " parameter(s) but " + params.size() + " value(s) were given");
        }
        if (session.inTransaction()) {
            return dml.runInTransaction(params);
        }
        for (int attempt = 1; ; attempt++) {
            session.begin(null);
            try {
                StatementResult result = dml.runInTransaction(params);
                session.execute("COMMIT", List.of());
                return result;
            } catch (RuntimeException e) {
                session.rollback();
                SqlException error = SqlErrors.toSql(e);
                if (!error.isRetryable() || attempt >= SqlSession.AUTOCOMMIT_ATTEMPTS) {
                    throw error;
                }
                session.countAutocommitRetry();
            }
        }
    }

    private StatementResult runInTransaction(List<Object> params) {
        int dmlParams = clauses.parameters();
        int conflictParams = clauses.onConflict() == null ? 0 : clauses.onConflict().parameters();
        StatementRows rows = new StatementRows(clauses.onConflict() != null);
        session.statementRows(rows);
        try {
            SqlOnConflict onConflict = clauses.onConflict() == null ? null : new SqlOnConflict(session, sql, clauses,
                    rows, params.subList(dmlParams, dmlParams + conflictParams));
            StatementResult result = session.execute(clauses.statement(), params.subList(0, dmlParams));
            long count = ((StatementResult.Update) result).count();
            if (onConflict != null) {
                count = onConflict.resolve();
            }
            if (clauses.returning() == null) {
                return new StatementResult.Update(tag, count);
            }
            return returning(params.subList(dmlParams + conflictParams, params.size()));
        } finally {
            session.statementRows(null);
        }
    }

    /** The RETURNING list over the rows written, read to their end before the transaction goes on. */
    private StatementResult returning(List<Object> params) {
        String name = clauses.alias() == null ? clauses.table() : clauses.alias();
        ClauseQuery query = new ClauseQuery(sql).add("SELECT ").copy(clauses.returning().list())
                .add("\nFROM " + SqlOnConflict.quoted(StatementRows.Kind.WRITTEN.schema()) + "."
                        + SqlOnConflict.quoted(clauses.table()) + " AS " + SqlOnConflict.quoted(name));
        StatementResult.Query result;
        try {
            result = (StatementResult.Query) query.run(session, params);
        } catch (SqlException e) {
            if (joined && (SqlException.UNDEFINED_TABLE.equals(e.sqlState())
                    || SqlException.UNDEFINED_COLUMN.equals(e.sqlState()))) {
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "RETURNING of an UPDATE ... FROM or DELETE "
                        + "... USING can name only the target's columns (" + e.getMessage() + ")", e.line(),
                        e.column(), e);
            }
            throw e;
        }
        List<Object[]> rows = new ArrayList<>();
        try (RowStream stream = result.rows()) {
            while (stream.hasNext()) {
                rows.add(stream.next());
            }
        }
        session.endOpenStream();
        return new StatementResult.Query(tag, result.columns(), MetadataCommands.stream(rows));
    }
}
