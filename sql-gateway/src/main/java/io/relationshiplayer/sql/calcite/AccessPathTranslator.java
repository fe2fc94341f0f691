package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;

/**
 * Finds the access paths for a filter on a table: for each key (primary key, unique constraint, index or foreign key)
 * whose columns the filter's conjuncts bind, the path it gives and what remains to be evaluated above the scan. The
 * planner chooses among them by their row estimates.
 */
public final class AccessPathTranslator {
    /** A path and the predicate left for a filter above the scan (null when nothing is left). */
    public record Translation(AccessPath path, RexNode remainder) {
    }

    private record Predicate(RexNode conjunct, int column, SqlKind op, List<RexNode> operands) {
    }

    private final Table table;
    private final RexBuilder rex;

    public AccessPathTranslator(Table table, RexBuilder rex) {
        this.table = table;
        this.rex = rex;
    }

    /**
     * Every path a key gives the filter, the most preferred first ({@link AccessPath#preference}); empty when no key
     * helps (the whole table is read).
     */
    public List<Translation> translations(RexNode condition) {
        RexNode expanded = RexUtil.expandSearch(rex, null, condition);
        List<RexNode> conjuncts = RelOptUtil.conjunctions(expanded);
        Map<Integer, List<Predicate>> byColumn = new HashMap<>();
        for (RexNode c : conjuncts) {
            Predicate p = classify(c);
            if (p != null) {
                byColumn.computeIfAbsent(p.column, k -> new ArrayList<>()).add(p);
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        for (Key key : keys()) {
            Candidate c = candidate(key, byColumn);
            if (c != null) {
                candidates.add(c);
            }
        }
        candidates.sort(Comparator.comparingInt((Candidate c) -> c.path.preference(table)).reversed());
        List<Translation> out = new ArrayList<>();
        for (Candidate best : candidates) {
            List<RexNode> remaining = new ArrayList<>();
            for (RexNode c : conjuncts) {
                if (!best.consumed.contains(c)) {
                    remaining.add(c);
                }
            }
            out.add(new Translation(best.path, remaining.isEmpty() ? null : RexUtil.composeConjunction(rex,
                    remaining)));
        }
        return out;
    }

    /** The most preferred path for the filter, or the whole table when no key helps. */
    public Translation translate(RexNode condition) {
        List<Translation> all = translations(condition);
        return all.isEmpty() ? new Translation(AccessPath.FULL_SCAN, condition) : all.get(0);
    }

    /** A key the table can be read by. */
    private record Key(String name, String recordIndex, int[] columns) {
    }

    private List<Key> keys() {
        List<Key> keys = new ArrayList<>();
        keys.add(new Key(null, null, table.primaryKey()));
        for (IndexDef u : table.uniqueConstraints()) {
            keys.add(new Key(u.getName(), Indexes.recordIndex(table.name(), u),
                    table.positions(Indexes.columnNames(u))));
        }
        for (IndexDef i : table.indexes()) {
            keys.add(new Key(i.getName(), Indexes.recordIndex(table.name(), i),
                    table.positions(Indexes.columnNames(i))));
        }
        for (ForeignKeyDef fk : table.foreignKeys()) {
            String recordIndex = Indexes.foreignKeyIndex(table.name(), fk);
            // A foreign key reading the primary key or an index of the table (shared) adds no path of its own.
            if (recordIndex != null && keys.stream().noneMatch(k -> recordIndex.equals(k.recordIndex))) {
                keys.add(new Key(fk.getName(), recordIndex, table.positions(fk.getColumnsList())));
            }
        }
        return keys;
    }

    private record Candidate(AccessPath path, Set<RexNode> consumed) {
    }

    private Candidate candidate(Key key, Map<Integer, List<Predicate>> byColumn) {
        List<RexNode> equal = new ArrayList<>();
        Set<RexNode> consumed = new HashSet<>();
        int i = 0;
        for (; i < key.columns.length; i++) {
            Predicate eq = find(byColumn.get(key.columns[i]), SqlKind.EQUALS);
            if (eq == null) {
                break;
            }
            equal.add(eq.operands.get(0));
            consumed.add(eq.conjunct);
        }
        boolean primary = key.name == null;
        AccessPath.Kind rangeKind = primary ? AccessPath.Kind.PK_RANGE : AccessPath.Kind.INDEX_RANGE;
        if (i == key.columns.length) {
            AccessPath.Kind kind = primary ? AccessPath.Kind.PK_POINT : AccessPath.Kind.INDEX_RANGE;
            return new Candidate(new AccessPath(kind, key.name, key.recordIndex, key.columns, equal, List.of(), null,
                    false, null, false), consumed);
        }
        List<Predicate> next = byColumn.getOrDefault(key.columns[i], List.of());
        Predicate in = find(next, SqlKind.IN);
        if (in != null) {
            consumed.add(in.conjunct);
            AccessPath.Kind kind = primary ? AccessPath.Kind.PK_IN : AccessPath.Kind.INDEX_IN;
            return new Candidate(new AccessPath(kind, key.name, key.recordIndex, key.columns, equal, in.operands,
                    null, false, null, false), consumed);
        }
        RexNode low = null;
        RexNode high = null;
        boolean lowInclusive = false;
        boolean highInclusive = false;
        for (Predicate p : next) {
            switch (p.op) {
                case GREATER_THAN:
                case GREATER_THAN_OR_EQUAL:
                    if (low == null) {
                        low = p.operands.get(0);
                        lowInclusive = p.op == SqlKind.GREATER_THAN_OR_EQUAL;
                        consumed.add(p.conjunct);
                    }
                    break;
                case LESS_THAN:
                case LESS_THAN_OR_EQUAL:
                    if (high == null) {
                        high = p.operands.get(0);
                        highInclusive = p.op == SqlKind.LESS_THAN_OR_EQUAL;
                        consumed.add(p.conjunct);
                    }
                    break;
                case LIKE:
                    if (low == null && high == null) {
                        low = p.operands.get(0);
                        lowInclusive = true;
                        high = p.operands.get(1);
                        highInclusive = false;
                    }
                    break;
                default:
                    break;
            }
        }
        if (equal.isEmpty() && low == null && high == null) {
            return null;
        }
        return new Candidate(new AccessPath(rangeKind, key.name, key.recordIndex, key.columns, equal, List.of(), low,
                lowInclusive, high, highInclusive), consumed);
    }

    private static Predicate find(List<Predicate> ps, SqlKind op) {
        if (ps == null) {
            return null;
        }
        for (Predicate p : ps) {
            if (p.op == op) {
                return p;
            }
        }
        return null;
    }

    /** A conjunct a key can serve: column op operand, an IN list (OR of equalities), or LIKE 'prefix%'. */
    private Predicate classify(RexNode c) {
        if (c.getKind() == SqlKind.OR) {
            return inList((RexCall) c);
        }
        Predicate flag = booleanColumn(c);
        if (flag != null) {
            return flag;
        }
        if (!(c instanceof RexCall)) {
            return null;
        }
        RexCall call = (RexCall) c;
        SqlKind kind = call.getKind();
        if (kind == SqlKind.LIKE && call.getOperands().size() == 2) {
            return likePrefix(call);
        }
        if (call.getOperands().size() != 2) {
            return null;
        }
        switch (kind) {
            case EQUALS:
            case LESS_THAN:
            case LESS_THAN_OR_EQUAL:
            case GREATER_THAN:
            case GREATER_THAN_OR_EQUAL:
                break;
            default:
                return null;
        }
        Integer col = column(call.getOperands().get(0));
        RexNode value = call.getOperands().get(1);
        if (col == null) {
            col = column(call.getOperands().get(1));
            value = call.getOperands().get(0);
            kind = kind.reverse();
        }
        if (col == null || !isOperand(value)) {
            return null;
        }
        return new Predicate(c, col, kind, List.of(value));
    }

    /**
     * A boolean column as a conjunct: {@code flag}, {@code flag IS TRUE} mean flag = TRUE; {@code NOT flag} (what
     * Calcite makes of flag = FALSE) and {@code flag IS FALSE} mean flag = FALSE. None of them holds for NULL, and
     * neither does the key equality.
     */
    private Predicate booleanColumn(RexNode c) {
        boolean value = true;
        RexNode operand = c;
        if (c.getKind() == SqlKind.NOT || c.getKind() == SqlKind.IS_FALSE || c.getKind() == SqlKind.IS_TRUE) {
            value = c.getKind() == SqlKind.IS_TRUE;
            operand = ((RexCall) c).getOperands().get(0);
        }
        Integer col = column(operand);
        if (col == null || operand.getType().getSqlTypeName() != org.apache.calcite.sql.type.SqlTypeName.BOOLEAN) {
            return null;
        }
        return new Predicate(c, col, SqlKind.EQUALS, List.of(rex.makeLiteral(value)));
    }

    private Predicate inList(RexCall or) {
        Integer col = null;
        List<RexNode> values = new ArrayList<>();
        for (RexNode d : or.getOperands()) {
            if (d.getKind() != SqlKind.EQUALS) {
                return null;
            }
            RexCall eq = (RexCall) d;
            Integer c = column(eq.getOperands().get(0));
            RexNode v = eq.getOperands().get(1);
            if (c == null) {
                c = column(eq.getOperands().get(1));
                v = eq.getOperands().get(0);
            }
            if (c == null || !isOperand(v) || (col != null && !col.equals(c))) {
                return null;
            }
            col = c;
            values.add(v);
        }
        return col == null ? null : new Predicate(or, col, SqlKind.IN, values);
    }

    /** col LIKE 'abc%' (no other wildcard): the range ['abc', 'abc' + the last code point). */
    private Predicate likePrefix(RexCall like) {
        Integer col = column(like.getOperands().get(0));
        RexNode pattern = like.getOperands().get(1);
        if (col == null || !(pattern instanceof RexLiteral)) {
            return null;
        }
        NlsString nls = ((RexLiteral) pattern).getValueAs(NlsString.class);
        String p = nls == null ? null : nls.getValue();
        if (p == null || !p.endsWith("%") || p.length() < 2) {
            return null;
        }
        String prefix = p.substring(0, p.length() - 1);
        if (prefix.contains("%") || prefix.contains("_") || prefix.contains("\\")) {
            return null;
        }
        RexNode low = rex.makeLiteral(prefix);
        RexNode high = rex.makeLiteral(prefix + new String(Character.toChars(Character.MAX_CODE_POINT)));
        return new Predicate(like, col, SqlKind.LIKE, List.of(low, high));
    }

    /**
     * The column a comparison is on: a plain column reference, or one cast to a type that holds each of its values
     * exactly (Calcite casts a DECIMAL(10,3) column to DECIMAL(11,4) to compare it with 2.5004, an INTEGER to BIGINT):
     * the key read compares the operand with the column's values exactly ({@link KeyValues}). Another cast could
     * change what equality means.
     */
    private static Integer column(RexNode n) {
        if (n.getKind() == SqlKind.CAST && ((RexCall) n).getOperands().get(0) instanceof RexInputRef ref
                && widens(ref.getType(), n.getType())) {
            return ref.getIndex();
        }
        return n instanceof RexInputRef ? ((RexInputRef) n).getIndex() : null;
    }

    /** Whether every value of the exact-number type {@code from} is a value of {@code to}, unchanged. */
    static boolean widens(org.apache.calcite.rel.type.RelDataType from, org.apache.calcite.rel.type.RelDataType to) {
        int fromDigits = integerDigits(from);
        int toDigits = integerDigits(to);
        if (fromDigits < 0 || toDigits < 0 || to.getSqlTypeName() != SqlTypeName.DECIMAL
                && from.getSqlTypeName() == SqlTypeName.DECIMAL) {
            return false; // a DECIMAL(19, 0) has values past BIGINT's range
        }
        int fromScale = from.getSqlTypeName() == SqlTypeName.DECIMAL ? from.getScale() : 0;
        int toScale = to.getSqlTypeName() == SqlTypeName.DECIMAL ? to.getScale() : 0;
        return toScale >= fromScale && toDigits >= fromDigits;
    }

    /** The digits before the point an exact-number type holds (all of an integer type's range), or -1. */
    private static int integerDigits(org.apache.calcite.rel.type.RelDataType t) {
        switch (t.getSqlTypeName()) {
            case TINYINT:
                return 3;
            case SMALLINT:
                return 5;
            case INTEGER:
                return 10;
            case BIGINT:
                return 19;
            case DECIMAL:
                return t.getPrecision() - t.getScale();
            default:
                return -1;
        }
    }

    private static boolean isOperand(RexNode n) {
        RexNode stripped = RexUtil.removeCast(n);
        return (stripped instanceof RexLiteral && !((RexLiteral) stripped).isNull())
                || stripped instanceof RexDynamicParam || TimestampMicros.constant(stripped) != null;
    }
}
