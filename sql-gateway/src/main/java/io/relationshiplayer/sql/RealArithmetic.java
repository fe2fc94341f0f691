package io.relationshiplayer.sql;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's REAL arithmetic: {@code real + - * / x} is double precision unless x is a REAL too
 * ({@code 100::real / 3} is 33.333333333333336, {@code 0.1::real + 1} 1.1000000014901161), where Calcite kept REAL
 * (33.333332, 1.1); so is a comparison ({@code 0.1::real = 0.1} is false). Before validation, the REAL operand of such an operation whose other operand is not REAL is cast to
 * DOUBLE. A REAL here is a cast to {@code real} / {@code float4} or arithmetic of REALs only: a REAL column is a
 * DOUBLE, so no other expression is one.
 */
final class RealArithmetic {
    private static final Set<SqlKind> ARITHMETIC = Set.of(SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES, SqlKind.DIVIDE);
    /** Comparisons, which PostgreSQL makes in double precision too ({@code 0.1::real = 0.1} is false; IN is not). */
    private static final Set<SqlKind> COMPARISONS = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);

    private RealArithmetic() {
    }

    /**
     * {@code node}, with its REAL operand cast to DOUBLE if it is arithmetic or a comparison of a REAL and another
     * type.
     */
    static SqlNode widen(SqlNode node) {
        if (node instanceof SqlBasicCall call && (ARITHMETIC.contains(call.getKind())
                || COMPARISONS.contains(call.getKind())) && call.operandCount() == 2) {
            boolean first = isReal(call.operand(0));
            if (first != isReal(call.operand(1))) {
                int i = first ? 0 : 1;
                SqlNode operand = call.operand(i);
                SqlParserPos pos = operand.getParserPosition();
                call.setOperand(i, SqlStdOperatorTable.CAST.createCall(pos, operand, new SqlDataTypeSpec(
                        new SqlBasicTypeNameSpec(SqlTypeName.DOUBLE, pos), pos)));
            }
        }
        return node;
    }

    /** Whether {@code node} is of type REAL: a cast to it, or arithmetic of such values only. */
    static boolean isReal(SqlNode node) {
        if (!(node instanceof SqlCall call)) {
            return false;
        }
        if (call.getKind() == SqlKind.CAST && call.operandCount() == 2
                && call.operand(1) instanceof SqlDataTypeSpec spec) {
            List<String> names = spec.getTypeNameSpec().getTypeName().names;
            String type = names.get(names.size() - 1).toUpperCase(Locale.ROOT);
            return type.equals("REAL") || type.equals("FLOAT4");
        }
        if ((call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX)
                && call.operandCount() == 1) {
            return isReal(call.operand(0));
        }
        return ARITHMETIC.contains(call.getKind()) && call.operandCount() == 2 && isReal(call.operand(0))
                && isReal(call.operand(1));
    }
}
