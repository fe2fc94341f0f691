package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
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
 * Runs CREATE [OR REPLACE] VIEW: the query is validated and planned against the current catalog (in a transaction of
 * its own, as any plan is made), which gives the view's columns and the relations it reads; the relationship layer
 * then stores the view in the catalog, checking PostgreSQL's rules against the catalog it changes.
 */
final class SqlViews {
    private static final Pattern AT = Pattern.compile("at line (\\d+), column (\\d+)");

    private SqlViews() {
    }

    /**
     * Runs CREATE VIEW or DROP VIEW, each in a transaction of its own: inside a transaction block they are refused
     * (0A000), since a view's query is analyzed against the committed catalog.
     */
    static StatementResult.Done run(SqlSession session, ViewQueries queries, RelationshipLayer layer, String database,
                                    io.relationshiplayer.sql.ddl.DdlStatement statement) {
        String command = statement instanceof CreateView ? "CREATE VIEW" : "DROP VIEW";
        if (session.inTransaction()) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, command + " inside a transaction block is not "
                    + "supported: run it outside BEGIN ... COMMIT");
        }
        if (statement instanceof CreateView v) {
            return create(session, queries, layer, database, v);
        }
        var drop = (io.relationshiplayer.sql.ddl.DdlStatement.DropView) statement;
        try {
            layer.dropViews(database, drop.views(), drop.ifExists(), drop.cascade());
        } catch (RuntimeException e) {
            throw RelationalErrors.toSql(RelationshipLayer.translate(e));
        }
        return new StatementResult.Done(command);
    }

    private static StatementResult.Done create(SqlSession session, ViewQueries queries, RelationshipLayer layer,
                                               String database, CreateView statement) {
        ViewDef view;
        FDBRecordContext ctx = session.openContext();
        try {
            session.openCurrent(ctx);
            ViewQueries.Analysis analysis = queries.analyze(statement.query());
            // Planned now, so that a query that validates but cannot be planned fails here, not in every reader.
            session.prepare(statement.query());
            view = definition(statement, analysis);
        } catch (SqlException e) {
            throw inStatement(e, statement);
        } finally {
            ctx.close();
            session.clearCurrent();
        }
        try {
            layer.createView(database, view, statement.orReplace());
        } catch (RuntimeException e) {
            throw RelationalErrors.toSql(RelationshipLayer.translate(e));
        }
        return new StatementResult.Done("CREATE VIEW");
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
        return new SqlException(e.sqlState(), message, line, column, e);
    }
}
