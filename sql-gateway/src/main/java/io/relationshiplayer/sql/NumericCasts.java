package io.relationshiplayer.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * A cast to NUMERIC (or DECIMAL) without a precision keeps its operand's digits, as PostgreSQL's unconstrained
 * numeric does ({@code 0.5::numeric} is 0.5): the engine's DECIMAL without a precision is Calcite's DECIMAL(19, 0),
 * which rounded it to a whole number (1), silently. The statement's validator gives such a cast the precision that
 * keeps them ({@link #constrain}); where no validator did (a cast it never typed), one that would round is refused,
 * 0A000 at the cast ({@link #refuseRounding}).
 */
final class NumericCasts {
    private NumericCasts() {
    }

    /**
     * A cast to NUMERIC without a precision, as the validator types it, given the precision that keeps its operand's
     * digits: a DECIMAL's own (so {@code ROUND(AVG(x)::numeric, 2)} and {@code 0.5::numeric} keep them), a
     * floating-point number's or text's DECIMAL(38, 16); an integer's stays Calcite's DECIMAL(19, 0).
     */
    static void constrain(SqlValidator validator, org.apache.calcite.sql.validate.SqlValidatorScope scope,
                          SqlNode expr) {
        if (!(expr instanceof SqlCall cast) || cast.getKind() != org.apache.calcite.sql.SqlKind.CAST
                || cast.operandCount() != 2 || !(cast.operand(1) instanceof SqlDataTypeSpec spec)
                || !(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic) || basic.getPrecision() >= 0
                || !isDecimal(basic.getTypeName().getSimple())) {
            return;
        }
        RelDataType from = validator.deriveType(scope, cast.operand(0));
        int precision;
        int scale;
        switch (from.getSqlTypeName()) {
            case DECIMAL -> {
                precision = from.getPrecision();
                scale = from.getScale();
            }
            case DOUBLE, REAL, FLOAT, CHAR, VARCHAR -> {
                precision = 38;
                scale = 16;
            }
            default -> {
                return;
            }
        }
        org.apache.calcite.sql.parser.SqlParserPos pos = spec.getParserPosition();
        cast.setOperand(1, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.DECIMAL, precision, scale, pos),
                pos));
    }

    /** Fails if {@code cast} (a CAST call, validated) would round its operand's fraction away. */
    static void refuseRounding(SqlValidator validator, SqlCall cast) {
        if (cast.operandCount() != 2 || !(cast.operand(1) instanceof SqlDataTypeSpec spec)
                || !(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic) || basic.getPrecision() >= 0
                || !isDecimal(basic.getTypeName().getSimple())) {
            return;
        }
        SqlNode operand = cast.operand(0);
        RelDataType from = validator.getValidatedNodeTypeIfKnown(operand);
        if (from == null) {
            return;
        }
        SqlTypeName f = from.getSqlTypeName();
        boolean fraction;
        if (f == SqlTypeName.DECIMAL) {
            fraction = from.getScale() > 0;
        } else if (f == SqlTypeName.DOUBLE || f == SqlTypeName.REAL || f == SqlTypeName.FLOAT) {
            fraction = true;
        } else if (f == SqlTypeName.CHAR || f == SqlTypeName.VARCHAR) {
            fraction = !(operand instanceof SqlLiteral literal && literal.getValueAs(String.class).strip()
                    .matches("[+-]?\\d+"));
        } else {
            fraction = false;
        }
        if (fraction) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a cast to " + basic.getTypeName().getSimple()
                    .toLowerCase(java.util.Locale.ROOT) + " without a precision would round the value to a whole "
                    + "number here (PostgreSQL's keeps every digit): write NUMERIC(p, s), e.g. NUMERIC(18, 6)",
                    spec.getParserPosition().getLineNum(), spec.getParserPosition().getColumnNum(), null);
        }
    }

    private static boolean isDecimal(String name) {
        return name.equalsIgnoreCase("DECIMAL") || name.equalsIgnoreCase("NUMERIC") || name.equalsIgnoreCase("DEC");
    }
}
