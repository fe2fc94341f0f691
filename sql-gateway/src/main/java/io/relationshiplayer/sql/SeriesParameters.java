package io.relationshiplayer.sql;

import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * The type of a {@code ?} given to {@code generate_series} in FROM, as PostgreSQL types an unknown parameter there:
 * that of the other bounds ({@code generate_series(1, ?)} an integer, {@code generate_series(1::bigint, ?)} a
 * bigint, {@code generate_series(0.5, ?)} a numeric); with no other bound typed, an integer (PostgreSQL: 42725, not
 * unique). Nothing typed such a parameter, so it was text and the call 42883. A series of doubles is 42883, as
 * PostgreSQL has none (Calcite's lookup took the numeric one). A subquery as a bound is 0A000 at it (Calcite
 * could not implement the scan: XX000).
 */
final class SeriesParameters {
    private SeriesParameters() {
    }

    /** The type for the parameters among {@code node}'s operands, or null when {@code node} is no such call. */
    static RelDataType of(SqlValidator validator, SqlValidatorScope scope, SqlNode node) {
        if (!(node instanceof SqlCall call)
                || !call.getOperator().getName().toLowerCase(Locale.ROOT).equals("generate_series")) {
            return null;
        }
        boolean any = false;
        boolean approximate = false;
        SqlTypeName widest = SqlTypeName.INTEGER;
        java.util.List<RelDataType> types = new java.util.ArrayList<>();
        for (SqlNode operand : call.getOperandList()) {
            if (operand instanceof SqlDynamicParam) {
                any = true;
                types.add(validator.getUnknownType());
                continue;
            }
            if (operand.getKind() == org.apache.calcite.sql.SqlKind.SCALAR_QUERY || operand.isA(
                    org.apache.calcite.sql.SqlKind.QUERY)) { // Calcite cannot run it there (XX000 "Unable to implement")
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a subquery as an argument of "
                        + "generate_series is not supported", operand.getParserPosition().getLineNum(),
                        operand.getParserPosition().getColumnNum(), null);
            }
            RelDataType t = validator.deriveType(scope, operand);
            types.add(t);
            approximate |= SqlTypeUtil.isApproximateNumeric(t);
            if (t.getSqlTypeName() == SqlTypeName.DECIMAL) {
                widest = SqlTypeName.DECIMAL;
            } else if (t.getSqlTypeName() == SqlTypeName.BIGINT && widest == SqlTypeName.INTEGER) {
                widest = SqlTypeName.BIGINT;
            } else if (!SqlTypeUtil.isNumeric(t) && t.getSqlTypeName() != SqlTypeName.NULL) {
                return null; // another type: the call's own error (42883)
            }
        }
        if (approximate) { // PostgreSQL has no series of doubles (Calcite's lookup took the numeric one)
            throw EverydayCalls.noFunction(call, "GENERATE_SERIES", types);
        }
        if (!any) {
            return null;
        }
        return validator.getTypeFactory().createTypeWithNullability(widest == SqlTypeName.DECIMAL
                ? validator.getTypeFactory().createSqlType(widest, 38, 18)
                : validator.getTypeFactory().createSqlType(widest), true);
    }
}
