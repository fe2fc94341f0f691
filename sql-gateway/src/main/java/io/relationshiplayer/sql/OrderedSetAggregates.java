package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.OrderedSetFunctions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.Optionality;

/**
 * PostgreSQL's ordered-set aggregates {@code percentile_cont(f)}, {@code percentile_disc(f)} and {@code mode()}
 * {@code WITHIN GROUP (ORDER BY x [ASC | DESC])}, which Calcite parses but cannot run (XX000): each is rewritten as
 * the statement is parsed into a call of an aggregate of ours ({@link OrderedSetFunctions}) of the ordered value, the
 * fraction as a double and whether the order is descending. percentile_cont takes numbers (as double precision, as
 * PostgreSQL's) and gives a double; percentile_disc and mode give a value of the ordered type. Other arguments are
 * 42883; an array of fractions, several ORDER BY keys and OVER are not supported (0A000, as OVER is in PostgreSQL).
 */
final class OrderedSetAggregates {
    static final SqlUserDefinedAggFunction CONT = aggregate("PERCENTILE_CONT", OrderedSetFunctions.PercentileCont.class,
            3, true);
    static final SqlUserDefinedAggFunction DISC = aggregate("PERCENTILE_DISC", OrderedSetFunctions.PercentileDisc.class,
            3, false);
    static final SqlUserDefinedAggFunction MODE = aggregate("MODE", OrderedSetFunctions.Mode.class, 2, false);

    private OrderedSetAggregates() {
    }

    private static SqlUserDefinedAggFunction aggregate(String name, Class<?> implementation, int operands,
            boolean numeric) {
        String pgName = name.toLowerCase(Locale.ROOT);
        SqlOperandMetadata metadata = new SqlOperandMetadata() {
            @Override
            public List<RelDataType> paramTypes(RelDataTypeFactory types) {
                List<RelDataType> any = new ArrayList<>();
                for (int i = 0; i < operands; i++) {
                    any.add(types.createSqlType(SqlTypeName.ANY));
                }
                return any;
            }

            @Override
            public List<String> paramNames() {
                List<String> names = new ArrayList<>();
                for (int i = 0; i < operands; i++) {
                    names.add("p" + i);
                }
                return names;
            }

            @Override
            public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
                RelDataType x = binding.getOperandType(0);
                boolean ok = !numeric || SqlTypeUtil.isNumeric(x) || x.getSqlTypeName() == SqlTypeName.NULL;
                ok &= x.getSqlTypeName() != SqlTypeName.ARRAY && x.getSqlTypeName() != SqlTypeName.ROW
                        && x.getSqlTypeName() != SqlTypeName.MAP;
                if (!ok && throwOnFailure) {
                    SqlParserPos p = binding.getCall().getParserPosition();
                    throw new SqlException(SqlException.UNDEFINED_FUNCTION, "function " + pgName + "("
                            + (operands == 3 ? "double precision, " : "") + ValidationErrors.typeName(x)
                            + ") does not exist", p.getLineNum(), p.getColumnNum(), null);
                }
                return ok;
            }

            @Override
            public SqlOperandCountRange getOperandCountRange() {
                return SqlOperandCountRanges.of(operands);
            }

            @Override
            public String getAllowedSignatures(SqlOperator op, String opName) {
                return opName + "(...)";
            }
        };
        return new SqlUserDefinedAggFunction(new SqlIdentifier("RL_" + name, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION, numeric ? ReturnTypes.explicit(SqlTypeName.DOUBLE).andThen(
                        SqlTypeTransforms.FORCE_NULLABLE) : ReturnTypes.ARG0.andThen(SqlTypeTransforms.FORCE_NULLABLE),
                null, metadata, AggregateFunctionImpl.create(implementation), false, false, Optionality.FORBIDDEN);
    }

    /** {@code parsed} with each ordered-set aggregate made a call of ours. */
    static <T> T apply(T parsed) {
        return SqlTrees.rewrite(parsed, OrderedSetAggregates::walk);
    }

    private static SqlNode walk(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            return SqlTrees.rewriteElements(list, OrderedSetAggregates::walk);
        }
        if (!(node instanceof SqlCall call)) {
            return node;
        }
        if (call.getKind() == SqlKind.OVER && ours(call.operand(0)) != null) {
            SqlParserPos p = call.operand(0).getParserPosition();
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED,
                    "OVER is not supported for ordered-set aggregate "
                    + ours(call.operand(0)).getName().substring(3).toLowerCase(Locale.ROOT), p.getLineNum(),
                    p.getColumnNum(), null);
        }
        if (call instanceof org.apache.calcite.sql.SqlSelect select && select.getSelectList() != null) {
            // the column is named after the aggregate, as PostgreSQL names it (ours is rl_...)
            SqlNodeList items = select.getSelectList();
            for (int i = 0; i < items.size(); i++) {
                SqlNode item = items.get(i);
                SqlNode agg = item instanceof SqlCall f && f.getKind() == SqlKind.FILTER ? f.operand(0) : item;
                if (ours(agg) != null) {
                    items.set(i, SqlStdOperatorTable.AS.createCall(item.getParserPosition(), item,
                            new SqlIdentifier(ours(agg).getName().substring(3).toLowerCase(Locale.ROOT),
                                    SqlParserPos.ZERO)));
                }
            }
        }
        SqlTrees.rewriteOperands(call, OrderedSetAggregates::walk);
        if (call.getKind() != SqlKind.WITHIN_GROUP || !(call.operand(0) instanceof SqlCall agg)) {
            return call;
        }
        String name = agg.getOperator().getName().toUpperCase(Locale.ROOT);
        SqlUserDefinedAggFunction ours = ours(call);
        if (ours == null) {
            return call;
        }
        SqlParserPos pos = agg.getParserPosition();
        SqlNodeList order = call.operand(1);
        int fractions = ours == MODE ? 0 : 1;
        if (agg.operandCount() != fractions || order.size() != 1) {
            SqlParserPos p = order.size() != 1 ? order.getParserPosition() : pos;
            throw new SqlException(order.size() != 1 ? SqlException.FEATURE_NOT_SUPPORTED
                    : SqlException.UNDEFINED_FUNCTION, order.size() != 1
                    ? "an ordered-set aggregate of more than one ORDER BY key is not supported"
                    : "function " + name.toLowerCase(Locale.ROOT) + " takes " + fractions + " direct argument"
                    + (fractions == 1 ? "" : "s"), p.getLineNum(), p.getColumnNum(), null);
        }
        SqlNode key = order.get(0);
        boolean descending = false;
        while (key instanceof SqlCall k && (k.getKind() == SqlKind.DESCENDING || k.getKind() == SqlKind.NULLS_FIRST
                || k.getKind() == SqlKind.NULLS_LAST)) {
            descending |= k.getKind() == SqlKind.DESCENDING;
            key = k.operand(0);
        }
        List<SqlNode> args = new ArrayList<>();
        args.add(key);
        if (fractions == 1) {
            SqlNode f = agg.operand(0);
            if (f instanceof SqlCall c && c.getKind() == SqlKind.ARRAY_VALUE_CONSTRUCTOR) {
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "an array of percentiles is not supported",
                        f.getParserPosition().getLineNum(), f.getParserPosition().getColumnNum(), null);
            }
            args.add(cast(f, SqlTypeName.DOUBLE));
        }
        args.add(SqlLiteral.createBoolean(descending, pos));
        return ours.createCall(pos, args);
    }

    /** Ours for a WITHIN GROUP call of percentile_cont, percentile_disc or mode, else null. */
    private static SqlUserDefinedAggFunction ours(SqlNode node) {
        if (!(node instanceof SqlCall call) || call.getKind() != SqlKind.WITHIN_GROUP
                || !(call.operand(0) instanceof SqlCall agg)) {
            return null;
        }
        String name = agg.getOperator().getName().toUpperCase(Locale.ROOT);
        return name.equals("PERCENTILE_CONT") ? CONT : name.equals("PERCENTILE_DISC") ? DISC
                : name.equals("MODE") ? MODE : null;
    }

    private static SqlNode cast(SqlNode n, SqlTypeName type) {
        return SqlStdOperatorTable.CAST.createCall(n.getParserPosition(), n, new SqlDataTypeSpec(
                new SqlBasicTypeNameSpec(type, n.getParserPosition()), n.getParserPosition()));
    }
}
