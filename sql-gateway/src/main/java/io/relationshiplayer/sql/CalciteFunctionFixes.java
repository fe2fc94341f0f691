package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.EverydayFunctions;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * Calcite's own functions whose results were not PostgreSQL's, run by ours instead ({@link EverydayFunctions},
 * {@link io.relationshiplayer.sql.calcite.EverydayTextFunctions}):
 * {@code log(x)} and {@code log10(x)} (Calcite's divided natural logarithms: {@code log(1000)} was
 * 2.9999999999999996), {@code log(b, x)} (to 15 significant digits), with PostgreSQL's 2201E for zero or a negative
 * and 22012 for base 1; {@code split_part} (a field position 0 is 22023, Calcite gave an empty text);
 * {@code initcap} (Calcite's took only ASCII letters as letters: {@code initcap('ÉCOLE')} was {@code ÉCole});
 * and {@code chr} (0, a surrogate or past U+10FFFF is 54000, a negative 22023; Calcite made a NUL character).
 * ({@code length} of a bytea is its bytes: {@link CastChecks}.)
 */
final class CalciteFunctionFixes {
    private static final SqlUserDefinedFunction LOG10 = udf("log10", SqlTypeName.DOUBLE);
    private static final SqlUserDefinedFunction LOG_BASE = udf("logBase", SqlTypeName.DOUBLE);
    private static final SqlUserDefinedFunction SPLIT_PART = udf("splitPart", SqlTypeName.VARCHAR);
    private static final SqlUserDefinedFunction INITCAP = udf("initcap", SqlTypeName.VARCHAR);
    private static final SqlUserDefinedFunction CHR = udf("chr", SqlTypeName.VARCHAR);

    private CalciteFunctionFixes() {
    }

    private static SqlUserDefinedFunction udf(String method, SqlTypeName type) {
        return new SqlUserDefinedFunction(new SqlIdentifier("rl_" + method, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(type), null, null,
                ScalarFunctionImpl.create(EverydayCalls.owner(method), method));
    }

    /** The conversion of {@code op}'s calls, or null if it is none of these. */
    static SqlRexConvertlet convertlet(SqlOperator op) {
        SqlUserDefinedFunction f;
        List<SqlTypeName> params;
        if (op == SqlLibraryOperators.LOG_POSTGRES || op == SqlStdOperatorTable.LOG10) {
            f = null;
            params = List.of(SqlTypeName.DOUBLE, SqlTypeName.DOUBLE);
        } else if (op == SqlLibraryOperators.SPLIT_PART) {
            f = SPLIT_PART;
            params = List.of(SqlTypeName.VARCHAR, SqlTypeName.VARCHAR, SqlTypeName.INTEGER);
        } else if (op == SqlStdOperatorTable.INITCAP) {
            f = INITCAP;
            params = List.of(SqlTypeName.VARCHAR);
        } else if (op == SqlLibraryOperators.CHR) {
            f = CHR;
            params = List.of(SqlTypeName.INTEGER);
        } else {
            return null;
        }
        SqlUserDefinedFunction fixed = f;
        return (cx, c) -> {
            RexBuilder rex = cx.getRexBuilder();
            RelDataTypeFactory types = cx.getTypeFactory();
            List<RexNode> args = new ArrayList<>();
            for (int i = 0; i < c.operandCount(); i++) {
                RelDataType t = types.createTypeWithNullability(types.createSqlType(params.get(i)), true);
                args.add(rex.makeCast(t, cx.convertExpression(c.operand(i)), true, false));
            }
            SqlUserDefinedFunction call = fixed != null ? fixed : args.size() == 1 ? LOG10 : LOG_BASE;
            RelDataType type = cx.getValidator().getValidatedNodeType(c);
            RelDataType result = types.createTypeWithNullability(types.createSqlType(
                    fixed == null ? SqlTypeName.DOUBLE : SqlTypeName.VARCHAR), true);
            return rex.makeCast(type, rex.makeCall(result, call, args), true, false);
        };
    }
}
