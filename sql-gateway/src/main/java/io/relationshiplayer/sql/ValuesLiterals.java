package io.relationshiplayer.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * A column of a VALUES list (not an INSERT's: {@link UnknownLiterals} has those) whose rows give numbers and string
 * literals: the literals, PostgreSQL's unknown, take the numbers' type ({@code VALUES (1), ('2')} is a column of
 * integers; {@code VALUES (1), ('x')} 22P02 {@code invalid input syntax for type integer: "x"} at the literal, as
 * PostgreSQL's), where Calcite found no common type (42804 {@code Values passed to VALUES operator must have compatible
 * types}). Only literals are looked at: a column of other expressions is left to Calcite.
 */
final class ValuesLiterals {
    private ValuesLiterals() {
    }

    static void castBesideNumbers(SqlCall values, SqlValidator validator, SqlValidatorScope scope) {
        if (values.getKind() != SqlKind.VALUES || values.operandCount() < 2) {
            return;
        }
        List<SqlCall> rows = new ArrayList<>();
        for (SqlNode row : values.getOperandList()) {
            if (row.getKind() != SqlKind.ROW) {
                return;
            }
            rows.add((SqlCall) row);
        }
        int columns = rows.get(0).operandCount();
        RelDataTypeFactory types = validator.getTypeFactory();
        for (int c = 0; c < columns; c++) {
            List<RelDataType> numbers = new ArrayList<>();
            boolean text = false;
            boolean other = false;
            for (SqlCall row : rows) {
                if (c >= row.operandCount()) {
                    return; // Calcite's error
                }
                SqlNode v = row.operand(c);
                if (v instanceof SqlCharStringLiteral) {
                    text = true;
                } else if (number(v)) {
                    numbers.add(validator.deriveType(scope, v));
                } else if (!SqlUtilNulls.isNull(v)) {
                    other = true;
                }
            }
            if (!text || numbers.isEmpty() || other) {
                continue;
            }
            RelDataType type = types.leastRestrictive(numbers);
            if (type == null) {
                continue;
            }
            for (SqlCall row : rows) {
                if (row.operand(c) instanceof SqlCharStringLiteral literal) {
                    RelDataType to = type;
                    if (type.getSqlTypeName() == SqlTypeName.DECIMAL) {
                        to = types.createSqlType(SqlTypeName.DECIMAL, types.getTypeSystem().getMaxNumericPrecision(),
                                Math.max(type.getScale(), scale(literal.getValueAs(String.class))));
                    }
                    row.setOperand(c, SqlStdOperatorTable.CAST.createCall(literal.getParserPosition(), literal,
                            SqlTypeUtil.convertTypeToSpec(to)));
                }
            }
        }
    }

    /** A number literal, or one with a sign before it. */
    private static boolean number(SqlNode v) {
        if (v instanceof SqlNumericLiteral) {
            return true;
        }
        return v instanceof SqlCall call && (call.getKind() == SqlKind.MINUS_PREFIX
                || call.getKind() == SqlKind.PLUS_PREFIX) && call.operand(0) instanceof SqlNumericLiteral;
    }

    private static int scale(String text) {
        try {
            return Math.max(0, new BigDecimal(text.strip()).scale());
        } catch (NumberFormatException e) {
            return 0; // the cast says so
        }
    }

    /** NULL literals. */
    private static final class SqlUtilNulls {
        static boolean isNull(SqlNode v) {
            return v instanceof SqlLiteral l && l.getTypeName() == SqlTypeName.NULL;
        }
    }
}
