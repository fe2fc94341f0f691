package io.relationshiplayer.sql.calcite;

import com.google.common.collect.ImmutableList;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimestampString;

/**
 * A VALUES of TIMESTAMP literals as a VALUES of their microseconds (BIGINT literals) under a projection making them
 * TIMESTAMPs again ({@link TimestampFunctions#OF}): a literal in a VALUES would be compiled, and folded, as
 * milliseconds.
 */
final class TimestampValues {
    private TimestampValues() {
    }

    /** {@code rel} with each VALUES of a TIMESTAMP column so rewritten. */
    static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                return visited instanceof LogicalValues values ? rewrite(values) : visited;
            }
        });
    }

    private static RelNode rewrite(LogicalValues values) {
        List<RelDataTypeField> fields = values.getRowType().getFieldList();
        boolean any = false;
        for (RelDataTypeField f : fields) {
            any |= isDatetime(f.getType());
        }
        if (!any) {
            return values;
        }
        RexBuilder rex = values.getCluster().getRexBuilder();
        RelDataTypeFactory types = rex.getTypeFactory();
        RelDataTypeFactory.Builder row = types.builder();
        for (RelDataTypeField f : fields) {
            RelDataType t = f.getType();
            row.add(f.getName(), isDatetime(t)
                    ? types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT), t.isNullable()) : t);
        }
        RelDataType rowType = row.build();
        ImmutableList.Builder<ImmutableList<RexLiteral>> tuples = ImmutableList.builder();
        for (List<RexLiteral> tuple : values.getTuples()) {
            ImmutableList.Builder<RexLiteral> out = ImmutableList.builder();
            for (int i = 0; i < tuple.size(); i++) {
                RexLiteral l = tuple.get(i);
                if (!isDatetime(fields.get(i).getType())) {
                    out.add(l);
                } else if (l.isNull()) {
                    out.add((RexLiteral) rex.makeNullLiteral(rowType.getFieldList().get(i).getType()));
                } else {
                    long micros = l.getTypeName() == SqlTypeName.TIME
                            ? Times.micros(l.getValueAs(org.apache.calcite.util.TimeString.class))
                            : Timestamps.micros(l.getValueAs(TimestampString.class));
                    out.add(rex.makeExactLiteral(BigDecimal.valueOf(micros), types.createSqlType(SqlTypeName.BIGINT)));
                }
            }
            tuples.add(out.build());
        }
        Values bigints = LogicalValues.create(values.getCluster(), rowType, tuples.build());
        List<RexNode> projects = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            RexNode ref = rex.makeInputRef(bigints, i);
            RelDataType t = fields.get(i).getType();
            projects.add(t.getSqlTypeName() == SqlTypeName.TIMESTAMP ? TimestampFunctions.of(rex, t, ref)
                    : t.getSqlTypeName() == SqlTypeName.TIME ? TimeFunctions.of(rex, t, ref) : ref);
        }
        return LogicalProject.create(bigints, List.of(), projects, values.getRowType().getFieldNames(),
                java.util.Set.of());
    }

    /** A TIMESTAMP or a TIME, whose literals generated code would hold in milliseconds. */
    private static boolean isDatetime(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.TIMESTAMP || t.getSqlTypeName() == SqlTypeName.TIME;
    }
}
