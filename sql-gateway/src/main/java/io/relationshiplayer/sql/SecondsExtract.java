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
 * EXTRACT as PostgreSQL answers {@code EXTRACT(SECOND FROM timestamp)} and {@code EXTRACT(EPOCH FROM timestamp)}:
 * with their fraction, a numeric of scale 6 ({@code 59.125000}), where Calcite's is a BIGINT of whole seconds; and
 * {@code EXTRACT(MILLISECOND FROM timestamp)}, a numeric of scale 3 ({@code 59125.456}). It replaces Calcite's
 * EXTRACT in a statement before validation ({@link ValidationErrors#refuseSubMillisecond}); every other unit and operand type is
 * Calcite's EXTRACT, typed and run as before. The value is the MICROSECOND field (seconds and fraction in
 * microseconds), or the microseconds since the epoch, times 0.000001 (0.001 for milliseconds), exact.
 */
final class SecondsExtract extends SqlExtractFunction {
    /** Digits of the seconds' numeric: 59.999999 at most. */
    private static final int PRECISION = 8;
    private static final int SCALE = 6;

    SecondsExtract() {
        this("EXTRACT");
    }

    /** The same EXTRACT under another name: {@code DATE_PART}'s ({@link DatePart}), which names its column. */
    SecondsExtract(String name) {
        super(name, false);
    }

    /** Digits of the epoch's numeric: PostgreSQL's years in seconds (thirteen digits) and six of the fraction. */
    private static final int EPOCH_PRECISION = 19;
    /** Digits of the milliseconds' numeric: 59999.999 at most. */
    private static final int MILLIS_PRECISION = 8;
    private static final int MILLIS_SCALE = 3;

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        TimeUnitRange unit = binding.getOperandLiteralValue(0, TimeUnitRange.class);
        if (!isNumeric(unit, binding.getOperandType(1))) {
            return super.inferReturnType(binding);
        }
        RelDataTypeFactory types = binding.getTypeFactory();
        RelDataType type = unit == TimeUnitRange.MILLISECOND
                ? types.createSqlType(SqlTypeName.DECIMAL, MILLIS_PRECISION, MILLIS_SCALE)
                : types.createSqlType(SqlTypeName.DECIMAL, unit == TimeUnitRange.EPOCH ? EPOCH_PRECISION : PRECISION,
                SCALE);
        return types.createTypeWithNullability(type, binding.getOperandType(1).isNullable());
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

    /**
     * As Calcite's, except that {@code EXTRACT(EPOCH FROM time)} is valid, as in PostgreSQL (its seconds since midnight,
     * {@link #convert}), where Calcite's validator refused it.
     */
    @Override
    public void validateCall(SqlCall call, SqlValidator validator, SqlValidatorScope scope,
                             SqlValidatorScope operandScope) {
        if (call.operand(0) instanceof org.apache.calcite.sql.SqlIntervalQualifier unit
                && org.apache.calcite.sql.type.SqlTypeUtil.isInterval(validator.deriveType(operandScope,
                call.operand(1))) && !io.relationshiplayer.sql.calcite.IntervalFunctions.UNITS.contains(
                unit.timeUnitRange)) {
            org.apache.calcite.sql.parser.SqlParserPos pos = call.getParserPosition();
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "unit \"" + unit.timeUnitRange.name()
                    .toLowerCase(java.util.Locale.ROOT) + "\" not supported for type interval", pos.getLineNum(),
                    pos.getColumnNum(), null);
        }
        if (org.apache.calcite.sql.type.SqlTypeUtil.isInterval(validator.deriveType(operandScope, call.operand(1)))) {
            // any of PostgreSQL's units of any interval (Calcite's refused a unit outside the qualifier: DAY of HOUR)
            for (SqlNode operand : call.getOperandList()) {
                operand.validateExpr(validator, operandScope);
            }
            return;
        }
        if (call.operand(0) instanceof org.apache.calcite.sql.SqlIntervalQualifier unit
                && validator.deriveType(operandScope, call.operand(1)).getSqlTypeName() == SqlTypeName.TIME) {
            if (!TIME_UNITS.contains(unit.timeUnitRange)) {
                // PostgreSQL's error, where Calcite's was 42804 "Cannot apply 'EXTRACT' ..."
                org.apache.calcite.sql.parser.SqlParserPos pos = call.getParserPosition();
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "unit \""
                        + unit.timeUnitRange.name().toLowerCase(java.util.Locale.ROOT) + "\" not supported for type "
                        + "time without time zone", pos.getLineNum(), pos.getColumnNum(), null);
            }
            if (unit.timeUnitRange == TimeUnitRange.EPOCH) {
                for (SqlNode operand : call.getOperandList()) {
                    operand.validateExpr(validator, operandScope);
                }
                return;
            }
        }
        super.validateCall(call, validator, scope, operandScope);
    }

    /** Any interval operand: PostgreSQL's units of it are checked in {@link #validateCall}, any qualifier. */
    @Override
    public boolean checkOperandTypes(org.apache.calcite.sql.SqlCallBinding binding, boolean throwOnFailure) {
        if (org.apache.calcite.sql.type.SqlTypeUtil.isInterval(binding.getOperandType(1))) {
            return true;
        }
        return super.checkOperandTypes(binding, throwOnFailure);
    }

    /** The units PostgreSQL extracts from a time. */
    private static final java.util.Set<TimeUnitRange> TIME_UNITS = java.util.EnumSet.of(TimeUnitRange.HOUR,
            TimeUnitRange.MINUTE, TimeUnitRange.SECOND, TimeUnitRange.MILLISECOND, TimeUnitRange.MICROSECOND,
            TimeUnitRange.EPOCH);

    /** Whether EXTRACT of {@code unit} from {@code operand} is PostgreSQL's numeric with a fraction here. */
    private static boolean isNumeric(TimeUnitRange unit, RelDataType operand) {
        return (unit == TimeUnitRange.SECOND || unit == TimeUnitRange.EPOCH || unit == TimeUnitRange.MILLISECOND)
                && (operand.getSqlTypeName() == SqlTypeName.TIMESTAMP
                || operand.getSqlTypeName() == SqlTypeName.TIME
                || org.apache.calcite.sql.type.SqlTypeUtil.isInterval(operand));
    }

    /** The call as Calcite's EXTRACT, or for the seconds of a timestamp, its MICROSECOND field as seconds. */
    static RexNode convert(SqlRexContext cx, SqlCall call) {
        RexCall converted = (RexCall) StandardConvertletTable.INSTANCE.convertFunction(cx, PostgresFunctions.EXTRACT,
                call);
        RexBuilder rex = cx.getRexBuilder();
        List<RexNode> operands = converted.getOperands();
        RelDataType type = converted.getType();
        if (type.getSqlTypeName() != SqlTypeName.DECIMAL
                || org.apache.calcite.sql.type.SqlTypeUtil.isInterval(operands.get(1).getType())) {
            // an interval's: IntervalFunctions' rewrite computes it
            return rex.makeCall(call.getParserPosition(), type, SqlStdOperatorTable.EXTRACT, operands);
        }
        RelDataTypeFactory types = rex.getTypeFactory();
        boolean nullable = type.isNullable();
        RelDataType bigint = types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT), nullable);
        RexNode x = operands.get(1);
        // a TIMESTAMP is its microseconds since the epoch (TimestampMicros), a TIME those of the day (TimeFunctions),
        // and their field within the minute
        RexNode micros = type.getScale() == SCALE && type.getPrecision() > PRECISION
                ? rex.makeReinterpretCast(bigint, x, rex.makeLiteral(false))
                : field(rex, call, bigint, TimeUnitRange.MICROSECOND, x);
        RexNode exact = rex.makeCast(types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL,
                type.getPrecision(), 0), nullable), micros, true, false);
        RexNode seconds = rex.makeCall(SqlStdOperatorTable.MULTIPLY, exact,
                rex.makeExactLiteral(BigDecimal.ONE.movePointLeft(type.getScale() == SCALE ? SCALE : MILLIS_SCALE)));
        return rex.makeCast(type, seconds, true, false);
    }

    private static RexNode field(RexBuilder rex, SqlCall call, RelDataType bigint, TimeUnitRange unit, RexNode x) {
        return rex.makeCall(call.getParserPosition(), bigint, SqlStdOperatorTable.EXTRACT,
                List.of(rex.makeFlag(unit), x));
    }
}
