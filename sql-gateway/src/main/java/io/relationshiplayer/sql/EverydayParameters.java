package io.relationshiplayer.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.type.SqlOperandTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The type of a parameter given to one of {@link EverydayCalls}' functions ({@code to_hex(?)}, {@code
 * generate_series}'s are Calcite's), as PostgreSQL types an unknown parameter by the function's signature: the
 * first signature whose parameters take the other operands gives it its parameter's type ({@code gcd(?, 6)} an
 * integer, {@code encode(?, 'hex')} a bytea, {@code make_date(?, 1, 1)} an integer), a numeric one only when no
 * other signature fits ({@code width_bucket(?, 0, 10, 5)} a double, as PostgreSQL's); any value's (format's
 * arguments) is text. Without it a parameter was text, as one nothing types, and the call 42883. Where PostgreSQL
 * finds several signatures equally good ({@code to_hex($1)}, {@code gcd($1, $2)}: 42725 there) the first is taken.
 */
final class EverydayParameters {
    private EverydayParameters() {
    }

    static SqlOperandTypeInference of(EverydayCalls.Signature... signatures) {
        return (binding, returnType, operandTypes) -> {
            SqlCallBinding call = binding;
            int n = call.getCall().operandCount();
            boolean[] param = new boolean[n];
            RelDataType[] known = new RelDataType[n];
            boolean any = false;
            for (int i = 0; i < n; i++) {
                param[i] = call.getCall().operand(i) instanceof SqlDynamicParam;
                any |= param[i];
            }
            if (!any) {
                return;
            }
            for (int i = 0; i < n; i++) {
                known[i] = param[i] ? null : call.getOperandType(i);
            }
            EverydayCalls.Signature chosen = null;
            for (boolean numericToo : new boolean[] {false, true}) {
                for (EverydayCalls.Signature s : signatures) {
                    if (chosen == null && fits(s, known, numericToo)) {
                        chosen = s;
                    }
                }
            }
            if (chosen == null) {
                return;
            }
            RelDataTypeFactory types = binding.getTypeFactory();
            for (int i = 0; i < n; i++) {
                if (param[i]) {
                    SqlTypeName p = chosen.param(i);
                    operandTypes[i] = types.createTypeWithNullability(types.createSqlType(p == SqlTypeName.ANY
                            ? SqlTypeName.VARCHAR : p), true);
                }
            }
        };
    }

    private static boolean fits(EverydayCalls.Signature s, RelDataType[] known, boolean numericToo) {
        int n = known.length;
        if (s.variadic() ? n < s.params().size() - 1 : n != s.params().size()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (known[i] == null) {
                if (s.param(i) == SqlTypeName.DECIMAL && !numericToo) {
                    return false;
                }
            } else if (!EverydayCalls.matches(s.param(i), known[i])) {
                return false;
            }
        }
        return true;
    }
}
