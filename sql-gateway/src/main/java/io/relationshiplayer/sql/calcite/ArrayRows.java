package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.util.BuiltInMethod;

/** Generated code that hands an input's rows to the Record Layer runtime as {@code Object[]}, whatever their format. */
final class ArrayRows {
    private ArrayRows() {
    }

    /** Appends to {@code builder} the input's Enumerable mapped to one boxed {@code Object[]} per row. */
    static Expression of(BlockBuilder builder, EnumerableRel.Result input, String name) {
        Expression child = builder.append(name, input.block);
        PhysType type = input.physType;
        ParameterExpression row = Expressions.parameter(type.getJavaRowType(), "row");
        List<Expression> fields = new ArrayList<>();
        for (int i = 0; i < type.getRowType().getFieldCount(); i++) {
            fields.add(Expressions.box(type.fieldReference(row, i)));
        }
        return builder.append(name + "Rows", Expressions.call(child, BuiltInMethod.SELECT.method,
                Expressions.lambda(Expressions.convert_(Expressions.newArrayInit(Object.class, fields), Object.class),
                        row)));
    }
}
