package io.relationshiplayer.sql;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * The name PostgreSQL gives a select item without one (its FigureColname): a function's name ({@code count},
 * {@code coalesce}), {@code case}, a cast's operand's name or else its outermost type's ({@code int4}; {@code 3::int::text} is {@code text}), a scalar
 * subquery's column's name ({@code (SELECT COUNT(*) FROM t)} is {@code count}), and {@code ?column?} for anything else
 * (an operator, a literal, a set operation), in place of Calcite's {@code EXPR$0}; and the columns of a VALUES
 * list, {@code column1}, {@code column2}, ...
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

    /** {@code rowType}, the row type of a VALUES list, with PostgreSQL's names for its columns: {@code column1}, ... */
    @Nonnull
    static RelDataType valuesColumns(@Nonnull RelDataType rowType, @Nonnull RelDataTypeFactory types) {
        List<String> names = new java.util.ArrayList<>(rowType.getFieldCount());
        for (int i = 1; i <= rowType.getFieldCount(); i++) {
            names.add("column" + i);
        }
        return types.createStructType(rowType.getStructKind(), RelOptUtil.getFieldTypeList(rowType), names);
    }

    /**
     * {@code from}, an item of a FROM clause, with PostgreSQL's names for the columns of a VALUES list it aliases without
     * naming them ({@code (VALUES (1, 'a')) AS v} as {@code AS v(column1, column2)}); else itself.
     */
    @Nonnull
    static SqlNode valuesColumns(@Nonnull SqlCall from) {
        if (from.getKind() != SqlKind.AS || from.operandCount() != 2 || from.operand(0).getKind() != SqlKind.VALUES) {
            return from;
        }
        SqlCall values = from.operand(0);
        SqlNode first = values.operand(0);
        int columns = first.getKind() == SqlKind.ROW ? ((SqlCall) first).operandCount() : 1;
        List<SqlNode> operands = new java.util.ArrayList<>(from.getOperandList());
        for (int i = 1; i <= columns; i++) {
            operands.add(new SqlIdentifier("column" + i, SqlParserPos.ZERO));
        }
        return from.getOperator().createCall(from.getParserPosition(), operands);
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
        Figured f = figured(node);
        return f == null ? null : f.name();
    }

    /** A name and how strongly it holds (PostgreSQL's: 2 for a column, a function or EXISTS, 1 for a cast's type or case). */
    private record Figured(String name, int strength) {
    }

    @Nullable
    private static Figured figured(SqlNode node) {
        if (node instanceof SqlIdentifier id) {
            return id.isStar() ? null : new Figured(id.names.get(id.names.size() - 1), 2);
        }
        if (!(node instanceof SqlCall call)) {
            return null;
        }
        SqlKind kind = call.getKind();
        if (kind == SqlKind.CAST && call.operandCount() == 2) {
            // the operand's name if it has a strong one (a column, a function), else the outermost cast's type:
            // 3::int::text is text, a::int::text is a
            Figured inner = figured(call.operand(0));
            if (inner != null && inner.strength() > 1) {
                return inner;
            }
            if (!(call.operand(1) instanceof SqlDataTypeSpec spec)) {
                return inner;
            }
            // a basic type by PostgreSQL's name for it; a named one (text, int4, as PostgresTypeNames) by its own
            List<String> names = spec.getTypeNameSpec().getTypeName().names;
            String type = names.get(names.size() - 1);
            return new Figured(TYPES.getOrDefault(type.toUpperCase(Locale.ROOT), type.toLowerCase(Locale.ROOT)), 1);
        }
        if (kind == SqlKind.CASE && call instanceof org.apache.calcite.sql.fun.SqlCase c) {
            // its ELSE's name if that is strong (CASE ... ELSE a END is a), else case
            Figured otherwise = c.getElseOperand() == null ? null : figured(c.getElseOperand());
            return otherwise != null && otherwise.strength() > 1 ? otherwise : new Figured("case", 1);
        }
        if (kind == SqlKind.EXISTS) {
            return new Figured("exists", 2);
        }
        if (kind == SqlKind.ORDER_BY && call.operand(0) instanceof org.apache.calcite.sql.SqlSelect) {
            return figured(call.operand(0)); // a scalar subquery with ORDER BY, LIMIT or OFFSET
        }
        if (call instanceof org.apache.calcite.sql.SqlSelect select && !select.getSelectList().isEmpty()) {
            return new Figured(of(select.getSelectList().get(0)), 2); // a scalar subquery: its column's name
        }
        if (kind == SqlKind.OVER || kind == SqlKind.FILTER || kind == SqlKind.WITHIN_GROUP) {
            // a window function is named after its function (sum, row_number), an aggregate with FILTER or WITHIN
            // GROUP too (count(*) FILTER (WHERE ...) is count: it was ?column?)
            return figured(call.operand(0));
        }
        if (call.getOperator() instanceof SqlFunction f) {
            return new Figured(f.getName().toLowerCase(Locale.ROOT), 2);
        }
        return null;
    }
}
