package io.relationshiplayer.sql;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexContext;

/**
 * {@code to_char} of a date, timestamp or time: Calcite's ({@code TO_CHAR_PG}). The engine's {@code to_char} of a
 * number ({@link EverydayCalls#TO_CHAR}) is looked up first, so it hands these calls on: their operands checked, typed
 * and converted as Calcite's function does.
 */
final class DatetimeToChar {
    private DatetimeToChar() {
    }

    static boolean takes(String name, List<RelDataType> types) {
        return name.equals("TO_CHAR") && !types.isEmpty() && SqlTypeUtil.isDatetime(types.get(0));
    }

    static boolean check(SqlCallBinding binding, boolean throwOnFailure) {
        return SqlLibraryOperators.TO_CHAR_PG.getOperandTypeChecker().checkOperandTypes(binding, throwOnFailure);
    }

    static RelDataType returnType(SqlOperatorBinding binding) {
        return SqlLibraryOperators.TO_CHAR_PG.inferReturnType(binding);
    }

    static RexNode convert(SqlRexContext cx, SqlCall call) {
        SqlCall calcite = SqlLibraryOperators.TO_CHAR_PG.createCall(call.getParserPosition(), call.getOperandList());
        cx.getValidator().setValidatedNodeType(calcite, cx.getValidator().getValidatedNodeType(call));
        return cx.convertExpression(calcite);
    }
}
