package io.relationshiplayer.sql;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * A string literal in an INSERT's VALUES takes its column's type, as PostgreSQL's unknown-typed literal does: each
 * becomes a cast of itself to the target column's type before the rows are validated. Calcite types a string literal
 * as text and would cast it to the column only after checking that each VALUES column has one type, which a NULL (that
 * it types as the target column) or a value of the column's type beside the text failed
 * ({@code VALUES (1, 'true'), (2, NULL)} into a BOOLEAN was 42804). The cast has the literal's position, so text that
 * does not read as the type is the literal's error (22P02 for a BOOLEAN); a column of text keeps its literals.
 */
final class UnknownLiterals {
    private UnknownLiterals() {
    }

    /** Casts each string literal of {@code values}' rows whose target column (of {@code target}) is not text. */
    static void castToTargets(SqlCall values, RelDataType target) {
        if (values.getKind() != SqlKind.VALUES || !target.isStruct()) {
            return;
        }
        List<RelDataTypeField> fields = target.getFieldList();
        for (SqlNode row : values.getOperandList()) {
            if (row.getKind() != SqlKind.ROW) {
                continue;
            }
            SqlCall call = (SqlCall) row;
            for (int i = 0; i < Math.min(call.operandCount(), fields.size()); i++) {
                RelDataType type = fields.get(i).getType();
                if (call.operand(i) instanceof SqlCharStringLiteral literal && takes(type)) {
                    call.setOperand(i, SqlStdOperatorTable.CAST.createCall(literal.getParserPosition(), literal,
                            SqlTypeUtil.convertTypeToSpec(type)));
                } else if (call.operand(i) instanceof SqlNumericLiteral number && number.isExact()
                        && type.getSqlTypeName() == SqlTypeName.DOUBLE) {
                    call.setOperand(i, approximate(number));
                }
            }
        }
    }

    /**
     * {@code number}, for a DOUBLE column, as the DOUBLE literal it will be stored as (the same double: both are the
     * nearest to its decimal value), or itself if it is past the doubles. Calcite types a NULL of the rows as the
     * column, so beside one the column's values were each cast to DOUBLE, and a VALUES of casts is not Calcite's
     * VALUES of literals but a UNION of one-row projections, all generated code: 200 rows took 6 s to compile,
     * 2,000 rows 3.5 minutes and then 54001 (the JVM's 64 KB method limit). As DOUBLE literals they stay data
     * ({@code LiteralRows}).
     */
    private static SqlNode approximate(SqlNumericLiteral number) {
        java.math.BigDecimal value = number.getValueAs(java.math.BigDecimal.class);
        return Double.isFinite(value.doubleValue())
                ? SqlLiteral.createApproxNumeric(value.toString(), number.getParserPosition()) : number;
    }

    /** Whether a column of {@code type} reads a string literal as a value of its own type (not text or bytes). */
    private static boolean takes(RelDataType type) {
        SqlTypeName name = type.getSqlTypeName();
        return name != SqlTypeName.ANY && name != SqlTypeName.NULL && name.getFamily() != null
                && name.getFamily() != SqlTypeFamily.CHARACTER && name.getFamily() != SqlTypeFamily.BINARY
                && !SqlTypeName.CHAR_TYPES.contains(name) && !SqlTypeName.BINARY_TYPES.contains(name);
    }
}
