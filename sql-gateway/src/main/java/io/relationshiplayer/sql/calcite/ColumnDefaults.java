package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.relationships.Values;
import java.math.BigDecimal;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.sql2rel.InitializerContext;
import org.apache.calcite.sql2rel.NullInitializerExpressionFactory;
import org.apache.calcite.util.DateString;

/**
 * What an INSERT that leaves a column out stores: its DEFAULT, else NULL (the write path refuses it for a NOT NULL
 * column: 23502 with the relation and the failing row).
 */
final class ColumnDefaults extends NullInitializerExpressionFactory {
    private final Table table;

    ColumnDefaults(Table table) {
        this.table = table;
    }

    @Override
    public ColumnStrategy generationStrategy(RelOptTable t, int iColumn) {
        ColumnDef c = table.column(iColumn);
        if (c.getHidden()) {
            // The hidden row key: never given by an INSERT (nor counted by one without a column list); the write
            // path assigns it.
            return ColumnStrategy.STORED;
        }
        if (c.hasDefaultValue() && !c.getDefaultValue().hasNullValue() || c.getNotNull()) {
            // a NOT NULL column without a DEFAULT left out gets its NULL, which the write path refuses as
            // PostgreSQL does, with the relation and the failing row (Calcite's validator refused it alone)
            return ColumnStrategy.DEFAULT;
        }
        return ColumnStrategy.NULLABLE;
    }

    @Override
    public RexNode newColumnDefaultValue(RelOptTable t, int iColumn, InitializerContext context) {
        ColumnDef c = table.column(iColumn);
        RexBuilder rex = context.getRexBuilder();
        RelDataType type = t.getRowType().getFieldList().get(iColumn).getType();
        if (c.getHidden()) {
            return rex.makeNullLiteral(type);
        }
        Object v = Values.defaultValue(c);
        if (v == null) {
            return rex.makeNullLiteral(type);
        }
        switch (c.getType().getKind()) {
            case DATE:
                return rex.makeDateLiteral(DateString.fromDaysSinceEpoch((int) ((java.time.LocalDate) v).toEpochDay()));
            case TIMESTAMP:
                return rex.makeTimestampLiteral(Timestamps.literal((Long) SqlTypes.toInternal(c, v)),
                        Timestamps.PRECISION);
            case TIME:
                // our TIME of its microseconds (TimeFunctions), not Calcite's literal of milliseconds
                return TimeFunctions.of(rex, type, rex.makeBigintLiteral(BigDecimal.valueOf(
                        ((io.relationshiplayer.proto.values.TimeOfDay) v).micros())));
            case VARBINARY:
                return rex.makeBinaryLiteral(new org.apache.calcite.avatica.util.ByteString((byte[]) v));
            case BIGINT:
            case INTEGER:
            case SMALLINT:
                return rex.makeExactLiteral(BigDecimal.valueOf(((Number) v).longValue()), type);
            case DECIMAL:
                return rex.makeExactLiteral((BigDecimal) v, type);
            case DOUBLE:
                return rex.makeApproxLiteral(BigDecimal.valueOf((Double) v), type);
            case BOOLEAN:
                return rex.makeLiteral((Boolean) v);
            case VARCHAR:
            default:
                return rex.makeLiteral(v, type, true);
        }
    }
}
