package io.relationshiplayer.sql;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlExtractFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * EXTRACT as PostgreSQL answers {@code EXTRACT(SECOND FROM timestamp)}: the seconds with their fraction, a numeric of
 * scale 6 ({@code 59.125000}), where Calcite's is a BIGINT without the fraction. It replaces Calcite's EXTRACT in a
 * statement before validation ({@link ValidationErrors#refuseSubMillisecond}); every other unit and operand type is
 * Calcite's EXTRACT, typed and run as before. The value is the MICROSECOND field (seconds and fraction in
 * microseconds) times 0.000001, exact.
 */
final class SecondsExtract extends SqlExtractFunction {
    /** Digits of the seconds' numeric: 59.999999 at most. */
    private static final int PRECISION = 8;
    private static final int SCALE = 6;

    SecondsExtract() {
        super("EXTRACT", false);
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        if (!isSecondsOfTimestamp(binding.getOperandLiteralValue(0, TimeUnitRange.class),
                binding.getOperandType(1))) {
            return super.inferReturnType(binding);
        }
        RelDataTypeFactory types = binding.getTypeFactory();
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, PRECISION, SCALE),
                binding.getOperandType(1).isNullable());
    }

    /**
     * The call's type, this operator kept: SqlFunction's derivation would look EXTRACT up by name in the operator table
     * and put Calcite's back.
     */
    @Override
    public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
        SqlValidatorScope operandScope = scope.getOperandScope(call);
        for (SqlNode operand : call.getOperandList()) {
            validator.deriveType(operandScope, operand);
        }
        return validateOperands(validator, operandScope, call);
    }

    private static boolean isSecondsOfTimestamp(TimeUnitRange unit, RelDataType operand) {
        return unit == TimeUnitRange.SECOND && operand.getSqlTypeName() == SqlTypeName.TIMESTAMP;
    }

    /** The call as Calcite's EXTRACT, or for the seconds of a timestamp, its MICROSECOND field as seconds. */
    static RexNode convert(SqlRexContext cx, SqlCall call) {
        RexCall converted = (RexCall) StandardConvertletTable.INSTANCE.convertFunction(cx, PostgresFunctions.EXTRACT,
                call);
        RexBuilder rex = cx.getRexBuilder();
        List<RexNode> operands = converted.getOperands();
        RelDataType type = converted.getType();
        if (type.getSqlTypeName() != SqlTypeName.DECIMAL) {
            return rex.makeCall(call.getParserPosition(), type, SqlStdOperatorTable.EXTRACT, operands);
        }
        RelDataTypeFactory types = rex.getTypeFactory();
        boolean nullable = type.isNullable();
        RexNode micros = rex.makeCall(call.getParserPosition(), types.createTypeWithNullability(
                types.createSqlType(SqlTypeName.BIGINT), nullable), SqlStdOperatorTable.EXTRACT,
                List.of(rex.makeFlag(TimeUnitRange.MICROSECOND), operands.get(1)));
        RexNode exact = rex.makeCast(types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL,
                PRECISION, 0), nullable), micros, true, false);
        RexNode seconds = rex.makeCall(SqlStdOperatorTable.MULTIPLY, exact,
                rex.makeExactLiteral(BigDecimal.ONE.movePointLeft(SCALE)));
        return rex.makeCast(type, seconds, true, false);
    }
}
