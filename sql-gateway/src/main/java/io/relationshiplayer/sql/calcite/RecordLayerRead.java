package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * One Record Layer read as the generated code hands it to {@link RecordLayerTable#query}: the access path with its
 * operands as values or parameter slots, the direction, the pushed OFFSET and FETCH, and the row shape. It holds no
 * planner object, so a prepared plan keeps it (stashed in its data context) and binds new parameters on each run.
 *
 * @param kind        the kind of read
 * @param recordIndex the Record Layer index read (null for the primary key)
 * @param keyColumns  positions of the key's columns, in key order
 * @param equal       operands equal to the first key columns
 * @param in          alternatives for the key column after the equality prefix (IN lists), else empty
 * @param low         lower bound on that column, or null
 * @param high        upper bound on that column, or null
 * @param reverse     whether the read goes in reverse key order
 * @param offset      rows to skip (null: none)
 * @param fetch       rows to return at most (null: all)
 * @param scalar      whether a row is its one column's bare value rather than an array
 */
public record RecordLayerRead(@Nonnull AccessPath.Kind kind, @Nullable String recordIndex, @Nonnull int[] keyColumns,
                              @Nonnull List<Operand> equal, @Nonnull List<Operand> in, @Nullable Bound low,
                              @Nullable Bound high, boolean reverse, @Nullable Operand offset,
                              @Nullable Operand fetch, boolean scalar) {

    public RecordLayerRead {
        Objects.requireNonNull(kind, "kind is null");
        keyColumns = keyColumns.clone();
        equal = List.copyOf(equal);
        in = List.copyOf(in);
    }

    @Override
    public int[] keyColumns() {
        return keyColumns.clone();
    }

    /** A comparison operand: a literal's value, or a statement parameter read from the data context at run time. */
    public sealed interface Operand {
        /** The operand's value in Calcite's internal representation for the current run. */
        Object value(DataContext context);

        /** A literal or a parameter (casts around it removed: the key coerces values to the column's type). */
        static Operand of(RexNode node) {
            RexNode stripped = RexUtil.removeCast(node);
            if (stripped instanceof RexDynamicParam) {
                return new Parameter(((RexDynamicParam) stripped).getIndex());
            }
            RexLiteral micros = TimestampMicros.constant(stripped);
            if (micros != null) {
                return new Literal(micros.getValueAs(Long.class));
            }
            return new Literal(literalValue((RexLiteral) stripped));
        }

        /**
         * A literal's value as {@link SqlTypes#fromInternal} reads it. Not {@link RexLiteral#getValue2}: that gives
         * an exact number's unscaled digits (2.500 as 2500) and a time's milliseconds.
         */
        static Object literalValue(RexLiteral literal) {
            switch (literal.getTypeName()) {
                case DECIMAL:
                    return literal.getValueAs(java.math.BigDecimal.class);
                case TIMESTAMP:
                    return literal.getValueAs(org.apache.calcite.util.TimestampString.class);
                case TIME:
                    return literal.getValueAs(org.apache.calcite.util.TimeString.class);
                default:
                    Object v = literal.getValue2();
                    return v instanceof ByteString ? ((ByteString) v).getBytes() : v;
            }
        }
    }

    /** A constant operand. */
    public record Literal(@Nullable Object value) implements Operand {
        @Override
        public Object value(DataContext context) {
            return value;
        }
    }

    /** The statement's parameter {@code ?index} (zero-based). */
    public record Parameter(int index) implements Operand {
        @Override
        public Object value(DataContext context) {
            return context.get("?" + index);
        }
    }

    /** One end of the range on the key column after the equality prefix. */
    public record Bound(@Nonnull Operand value, boolean inclusive) {
    }

    /** The read of {@code path}, in {@code reverse} order or not, with the pushed OFFSET and FETCH (null: none). */
    static RecordLayerRead of(AccessPath path, boolean reverse, @Nullable RexNode offset, @Nullable RexNode fetch,
                              boolean scalar) {
        return new RecordLayerRead(path.kind(), path.recordIndex(), path.keyColumns(), operands(path.equal()),
                operands(path.in()), path.low() == null ? null : new Bound(Operand.of(path.low()),
                path.lowInclusive()), path.high() == null ? null : new Bound(Operand.of(path.high()),
                path.highInclusive()), reverse, offset == null ? null : Operand.of(offset),
                fetch == null ? null : Operand.of(fetch), scalar);
    }

    private static List<Operand> operands(List<RexNode> nodes) {
        List<Operand> out = new ArrayList<>(nodes.size());
        nodes.forEach(n -> out.add(Operand.of(n)));
        return out;
    }

    /** The values of {@code operands} for the current run. */
    static Object[] values(List<Operand> operands, DataContext context) {
        Object[] out = new Object[operands.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = operands.get(i).value(context);
        }
        return out;
    }

    /** OFFSET or FETCH for the current run: {@code absent} when not given; a NULL parameter means no limit. */
    static long count(@Nullable Operand operand, DataContext context, long absent) {
        if (operand == null) {
            return absent;
        }
        Object v = operand.value(context);
        return v == null ? -1 : ((Number) v).longValue();
    }
}
