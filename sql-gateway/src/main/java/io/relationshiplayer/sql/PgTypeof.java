package io.relationshiplayer.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexContext;

/**
 * PostgreSQL's {@code pg_typeof(x)}: the name of its argument's type, as PostgreSQL names it ({@code integer},
 * {@code numeric}, {@code text}, {@code character varying} for a column of a length, {@code unknown} for a string
 * literal or NULL, {@code timestamp without time zone}, ...), as text (PostgreSQL's is a {@code regtype}, which
 * psql shows as the same words). Known when the statement is planned: a constant of the plan.
 */
final class PgTypeof {
    static final SqlFunction PG_TYPEOF = new SqlFunction("PG_TYPEOF", SqlKind.OTHER_FUNCTION,
            ReturnTypes.explicit(SqlTypeName.VARCHAR), null, OperandTypes.ANY, SqlFunctionCategory.SYSTEM);

    private PgTypeof() {
    }

    static RexNode convert(SqlRexContext cx, SqlCall call) {
        SqlNode operand = call.operand(0);
        RelDataType type = cx.getValidator().getValidatedNodeType(operand);
        RelDataTypeFactory types = cx.getTypeFactory();
        return cx.getRexBuilder().makeAbstractCast(types.createTypeWithNullability(
                types.createSqlType(SqlTypeName.VARCHAR), false), cx.getRexBuilder().makeLiteral(name(operand, type)),
                false);
    }

    static String name(SqlNode operand, RelDataType type) {
        boolean column = operand instanceof SqlIdentifier;
        return switch (type.getSqlTypeName()) {
            case NULL -> "unknown";
            case CHAR -> operand instanceof SqlCharStringLiteral ? "unknown" : column ? "character" : "text";
            case VARCHAR -> column && type.getPrecision() > 0 && type.getPrecision() < Integer.MAX_VALUE / 2
                    && type.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED ? "character varying" : "text";
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL, DOUBLE, FLOAT, REAL, DATE ->
                    TextLiterals.name(type.getSqlTypeName());
            case BOOLEAN -> "boolean";
            case TIME -> "time without time zone";
            case TIMESTAMP -> "timestamp without time zone";
            case VARBINARY, BINARY -> "bytea";
            default -> SqlTypeName.INTERVAL_TYPES.contains(type.getSqlTypeName()) ? "interval"
                    : ValidationErrors.typeName(type);
        };
    }
}
