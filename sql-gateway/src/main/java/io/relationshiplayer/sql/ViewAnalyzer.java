package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.SessionBinding;
import io.relationshiplayer.sql.calcite.ViewQueries;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nonnull;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorNamespace;
import org.apache.calcite.util.Util;

/**
 * Validates views' queries on a runner's connection, with the parser and validator its statements use: at CREATE VIEW
 * (the view's columns and what it reads) and whenever a statement reads a view (its row type). Analyses are kept per
 * catalog version, as plans are.
 */
final class ViewAnalyzer implements ViewQueries {
    /** Views nest at most this deep: deeper is taken for a view that reads itself. */
    private static final int MAX_DEPTH = 100;
    private static final int CACHE = 256;
    private static final ThreadLocal<Integer> DEPTH = ThreadLocal.withInitial(() -> 0);

    private final CalciteConnection connection;
    private final String database;
    private final SessionBinding binding;
    private final Map<String, Analysis> analyses = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Analysis> eldest) {
            return size() > CACHE;
        }
    };

    ViewAnalyzer(CalciteConnection connection, String database, SessionBinding binding) {
        this.connection = connection;
        this.database = database;
        this.binding = binding;
    }

    @Nonnull
    @Override
    public Analysis analyze(@Nonnull String query) {
        String key = binding.catalog().cacheKey() + "\u0000" + query;
        synchronized (analyses) {
            Analysis known = analyses.get(key);
            if (known != null) {
                return known;
            }
        }
        int depth = DEPTH.get();
        if (depth >= MAX_DEPTH) {
            throw new SqlException("42P17", "infinite recursion detected in the views a query reads (more than "
                    + MAX_DEPTH + " levels)");
        }
        DEPTH.set(depth + 1);
        try {
            Analysis a = validate(query);
            synchronized (analyses) {
                analyses.put(key, a);
            }
            return a;
        } finally {
            DEPTH.set(depth);
        }
    }

    private Analysis validate(String query) {
        SqlNode parsed;
        try {
            parsed = SqlParser.create(query, SqlPrepare.PARSER).parseQuery();
        } catch (SqlParseException e) {
            throw SqlErrors.toSql(e);
        }
        if (!parsed.getKind().belongsTo(SqlKind.QUERY)) {
            throw SqlException.syntax("a view's query must be a query (SELECT, VALUES or WITH), not "
                    + parsed.getKind().sql, parsed.getParserPosition().getLineNum(),
                    parsed.getParserPosition().getColumnNum());
        }
        refuseParameters(parsed);
        CalcitePrepare.Context context = connection.createPrepareContext();
        CalciteCatalogReader reader = new CalciteCatalogReader(context.getRootSchema(), List.of(database),
                context.getTypeFactory(), context.config());
        SqlValidator validator = SqlPrepare.validator(context, reader, c -> c.withEmbeddedQuery(true));
        SqlNode validated;
        try {
            validated = validator.validate(parsed);
        } catch (RuntimeException e) {
            throw SqlErrors.toSql(e);
        }
        RelDataType type = validator.getValidatedNodeType(validated);
        return new Analysis(type, writtenNames(validated, type), references(validator, validated));
    }

    /** PostgreSQL's "there is no parameter $1": a view's query is stored, and no value could be bound to it. */
    private static void refuseParameters(SqlNode query) {
        query.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                throw new SqlException(SqlException.INVALID_PARAMETER, "a view's query cannot have parameters",
                        param.getParserPosition().getLineNum(), param.getParserPosition().getColumnNum(), null);
            }
        });
    }

    /** The tables and views the validated query reads, by the names the schema gives them. */
    private static List<String> references(SqlValidator validator, SqlNode validated) {
        Set<String> out = new LinkedHashSet<>();
        validated.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlIdentifier id) {
                SqlValidatorNamespace ns = validator.getNamespace(id);
                if (ns != null && ns.getTable() != null) {
                    out.add(Util.last(ns.getTable().getQualifiedName()));
                }
                return null;
            }
        });
        return new ArrayList<>(out);
    }

    /**
     * Each result column's name as the query wrote it: Calcite renames a column that {@code *} brings in under a name
     * already taken ({@code id} becomes {@code id0}), and PostgreSQL would refuse such a view for its duplicate name.
     * The renamed items are the ones whose alias the validator added, at the position of the column itself.
     */
    private static List<String> writtenNames(SqlNode validated, RelDataType type) {
        List<String> names = new ArrayList<>(type.getFieldNames());
        SqlSelect select = firstSelect(validated);
        if (select == null || select.getSelectList().size() != names.size()) {
            return names;
        }
        for (int i = 0; i < names.size(); i++) {
            SqlNode item = select.getSelectList().get(i);
            if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) instanceof SqlIdentifier column) {
                SqlNode alias = ((SqlCall) item).operand(1);
                if (alias.getParserPosition().equals(column.getParserPosition())) {
                    names.set(i, Util.last(column.names));
                }
            }
        }
        return names;
    }

    /** The SELECT whose items name a query's columns: the first of a set operation, the body of WITH or ORDER BY. */
    private static SqlSelect firstSelect(SqlNode node) {
        if (node instanceof SqlSelect select) {
            return select;
        }
        if (node instanceof SqlOrderBy orderBy) {
            return firstSelect(orderBy.query);
        }
        if (node instanceof SqlWith with) {
            return firstSelect(with.body);
        }
        if (node instanceof SqlBasicCall call && node.getKind().belongsTo(SqlKind.SET_QUERY)) {
            return firstSelect(call.operand(0));
        }
        return null;
    }
}
