package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * The name PostgreSQL gives a select item without one (its FigureColname): a function's name ({@code count},
 * {@code coalesce}), {@code case}, a cast's operand's name or else its type's ({@code int4}), and {@code ?column?} for
 * anything else (an operator, a literal, a subquery), in place of Calcite's {@code EXPR$0}.
 */
final class PostgresNames {
    static final String UNNAMED = "?column?";
    private static final Map<String, String> TYPES = Map.ofEntries(Map.entry("INTEGER", "int4"),
            Map.entry("INT", "int4"), Map.entry("BIGINT", "int8"), Map.entry("SMALLINT", "int2"),
            Map.entry("TINYINT", "int2"), Map.entry("DECIMAL", "numeric"), Map.entry("NUMERIC", "numeric"),
            Map.entry("DOUBLE", "float8"), Map.entry("FLOAT", "float8"), Map.entry("REAL", "float4"),
            Map.entry("BOOLEAN", "bool"), Map.entry("CHAR", "bpchar"), Map.entry("VARCHAR", "varchar"),
            Map.entry("VARBINARY", "bytea"), Map.entry("BINARY", "bytea"), Map.entry("DATE", "date"),
            Map.entry("TIME", "time"), Map.entry("TIMESTAMP", "timestamp"));

    private PostgresNames() {
    }

    /** {@code items} with an AS of PostgreSQL's name on each that has no name of its own (a new list if any). */
    @Nonnull
    static SqlNodeList named(@Nonnull SqlNodeList items) {
        SqlNodeList out = null;
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            if (SqlValidatorUtil.alias(item) == null && !(item instanceof SqlIdentifier)) {
                if (out == null) {
                    // a copy: a view of the items' own list would grow with every add
                    out = new SqlNodeList(new java.util.ArrayList<>(items.getList().subList(0, i)),
                            items.getParserPosition());
                }
                out.add(SqlValidatorUtil.addAlias(item, of(item)));
            } else if (out != null) {
                out.add(item);
            }
        }
        return out == null ? items : out;
    }

    /** The item's name as PostgreSQL would give it: its own (an alias, a column) if it has one. */
    @Nonnull
    static String of(@Nonnull SqlNode item) {
        String own = SqlValidatorUtil.alias(item);
        if (own != null) {
            return own;
        }
        String figured = figure(item);
        return figured == null ? UNNAMED : figured;
    }

    @Nullable
    private static String figure(SqlNode node) {
        if (node instanceof SqlIdentifier id) {
            return id.isStar() ? null : id.names.get(id.names.size() - 1);
        }
        if (!(node instanceof SqlCall call)) {
            return null;
        }
        SqlKind kind = call.getKind();
        if (kind == SqlKind.CAST && call.operandCount() == 2) {
            String inner = figure(call.operand(0));
            if (inner != null) {
                return inner;
            }
            return call.operand(1) instanceof SqlDataTypeSpec spec
                    && spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic
                    ? TYPES.getOrDefault(basic.getTypeName().getSimple().toUpperCase(Locale.ROOT),
                    basic.getTypeName().getSimple().toLowerCase(Locale.ROOT)) : null;
        }
        if (kind == SqlKind.CASE) {
            return "case";
        }
        if (kind == SqlKind.EXISTS) {
            return "exists";
        }
        if (call.getOperator() instanceof SqlFunction f) {
            return f.getName().toLowerCase(Locale.ROOT);
        }
        return null;
    }
}
