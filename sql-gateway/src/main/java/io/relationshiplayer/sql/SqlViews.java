package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.CatalogEditor;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.calcite.SqlTypes;
import io.relationshiplayer.sql.calcite.ViewQueries;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateView;
import io.relationshiplayer.sql.ddl.RelationalErrors;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Runs CREATE [OR REPLACE] VIEW and DROP VIEW: the query is validated and planned against the catalog the statement
 * sees (the session's transaction's inside BEGIN ... COMMIT, its own changes included; else a transaction of its own,
 * as any plan is made), which gives the view's columns and the relations it reads; the catalog editor then stores the
 * view, checking PostgreSQL's rules against the catalog it changes: in the session's transaction inside a block (seen
 * by its later statements, by no one else before COMMIT, undone by ROLLBACK), else committed on its own.
 */
final class SqlViews {
    private static final Pattern AT = Pattern.compile("at line (\\d+), column (\\d+)");

    private SqlViews() {
    }

    /**
     * Runs CREATE VIEW or DROP VIEW through {@code editor}, the one the session's other DDL uses; {@code planApart}:
     * in a transaction that has not changed the catalog, analyze the query in a transaction of its own first.
     */
    static StatementResult.Done run(SqlSession session, ViewQueries queries, CatalogEditor editor,
                                    io.relationshiplayer.sql.ddl.DdlStatement statement, boolean planApart) {
        if (statement instanceof CreateView v) {
            ViewDef view = analyze(session, queries, v, planApart);
            try {
                editor.createView(view, v.orReplace());
            } catch (RuntimeException e) {
                throw RelationalErrors.toSql(RelationshipLayer.translate(e));
            }
            return new StatementResult.Done("CREATE VIEW");
        }
        var drop = (io.relationshiplayer.sql.ddl.DdlStatement.DropView) statement;
        try {
            editor.dropViews(drop.views(), drop.ifExists(), drop.cascade());
        } catch (RuntimeException e) {
            throw RelationalErrors.toSql(RelationshipLayer.translate(e));
        }
        return new StatementResult.Done("DROP VIEW");
    }

    /**
     * The view's definition: its query analyzed and planned in the session's transaction, or in one of its own. In a
     * transaction that has not changed the catalog, it is analyzed and planned in one of its own first: a cold plan
     * takes seconds, which would age the transaction, and the one made there is then found in the caches.
     */
    private static ViewDef analyze(SqlSession session, ViewQueries queries, CreateView statement,
                                   boolean planApart) {
        FDBRecordContext transaction = session.transaction();
        if (transaction != null && planApart) {
            try {
                analyzeIn(session, queries, statement, null);
            } catch (SqlException e) {
                // the catalog may have changed since the transaction's snapshot: the analysis in it tells
            }
        }
        return analyzeIn(session, queries, statement, transaction);
    }

    private static ViewDef analyzeIn(SqlSession session, ViewQueries queries, CreateView statement,
                                   FDBRecordContext transaction) {
        FDBRecordContext ctx = transaction != null ? transaction : session.openContext();
        try {
            session.openCurrent(ctx);
            ViewQueries.Analysis analysis = queries.analyze(statement.query());
            // Planned now, so that a query that validates but cannot be planned fails here, not in every reader.
            session.prepare(statement.query());
            return definition(statement, analysis);
        } catch (SqlException e) {
            throw inStatement(e, statement);
        } finally {
            if (transaction == null) {
                ctx.close();
            }
            session.clearCurrent();
        }
    }

    /** The view's columns: the query's, named by the column list where it names them. */
    private static ViewDef definition(CreateView statement, ViewQueries.Analysis analysis) {
        List<RelDataTypeField> fields = analysis.rowType().getFieldList();
        List<String> names = statement.columns();
        if (names.size() > fields.size()) {
            throw new SqlException(SqlException.SYNTAX_ERROR, "CREATE VIEW specifies more column names than columns ("
                    + names.size() + " names, " + fields.size() + " columns)");
        }
        ViewDef.Builder view = ViewDef.newBuilder().setName(statement.name()).setQuery(statement.query())
                .addAllReferences(analysis.references());
        for (int i = 0; i < fields.size(); i++) {
            RelDataTypeField f = fields.get(i);
            view.addColumns(ViewColumn.newBuilder()
                    .setName(i < names.size() ? names.get(i) : analysis.writtenNames().get(i))
                    .setQueryColumn(f.getName())
                    .setType(SqlTypes.columnType(f.getType())));
        }
        return view.build();
    }

    /** An error in the query, placed in the CREATE VIEW statement (its position was counted from the query's start). */
    private static SqlException inStatement(SqlException e, CreateView statement) {
        if (e.line() <= 0) {
            return e;
        }
        int line = e.line() + statement.queryLine() - 1;
        int column = e.line() == 1 ? e.column() + statement.queryColumn() - 1 : e.column();
        // Calcite's parser names the position in its message too.
        Matcher m = AT.matcher(e.getMessage());
        String message = e.getMessage();
        if (m.find()) {
            int l = Integer.parseInt(m.group(1));
            int c = Integer.parseInt(m.group(2));
            message = m.replaceFirst("at line " + (l + statement.queryLine() - 1) + ", column "
                    + (l == 1 ? c + statement.queryColumn() - 1 : c));
        }
        return new SqlException(e.sqlState(), message, e.detail(), e.hint(), line, column, e);
    }
}
