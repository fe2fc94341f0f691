package io.relationshiplayer.sql;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Window functions Calcite types or runs wrong, rewritten as the statement is parsed:
 * <ul>
 * <li>{@code lead(x, n, d)} and {@code lag(x, n, d)}: Calcite types them NOT NULL when d is not null, so a NULL x at
 * the row n away failed (XX000, "Cannot convert null to int"); here {@code CASE WHEN lead(1, n) IS NULL THEN d ELSE
 * lead(x, n) END} over the same window, PostgreSQL's meaning (d only where that row does not exist).</li>
 * <li>{@code percent_rank()} and {@code cume_dist()}, which Calcite parses but cannot run (XX000): {@code (rank() - 1)
 * / (rows of the partition - 1)} (0 for a partition of one row) and {@code (rows up to the current row's last peer) /
 * (rows of the partition)}, as doubles, also over a window of the WINDOW clause.</li>
 * <li>{@code rank()}, {@code dense_rank()}, {@code percent_rank()} and {@code cume_dist()} over a window without ORDER
 * BY, which Calcite refuses (42601): every row is a peer of every other, so 1, 1, 0 and 1.</li>
 * </ul>
 */
final class WindowRewrites {
    /** The WINDOW clauses of the SELECTs being walked, innermost last. */
    private final java.util.Deque<SqlNodeList> declared = new java.util.ArrayDeque<>();

    private WindowRewrites() {
    }

    /** {@code parsed} (read from {@code text}) with those window functions rewritten; itself when it has none. */
    static <T> T apply(String text, T parsed) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.contains("over") || !lower.contains("lead") && !lower.contains("lag") && !lower.contains("rank")
                && !lower.contains("cume_dist")) {
            return parsed;
        }
        return SqlTrees.rewrite(parsed, new WindowRewrites()::walk);
    }

    private SqlNode walk(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            return SqlTrees.rewriteElements(list, this::walk);
        }
        if (!(node instanceof SqlCall call)) {
            return node;
        }
        boolean select = call instanceof org.apache.calcite.sql.SqlSelect;
        if (select) {
            declared.addLast(((org.apache.calcite.sql.SqlSelect) call).getWindowList());
        }
        try {
            SqlTrees.rewriteOperands(call, this::walk);
        } finally {
            if (select) {
                declared.removeLast();
            }
        }
        if (call.getKind() != SqlKind.OVER || !(call.operand(0) instanceof SqlCall function)) {
            return call;
        }
        SqlNode window = call.operand(1);
        SqlParserPos pos = call.getParserPosition();
        // the parser's calls are of unresolved functions: known by name
        switch (function.getOperator().getName().toUpperCase(Locale.ROOT)) {
            case "LEAD", "LAG" -> {
                if (function.operandCount() != 3) {
                    return call;
                }
                SqlNode n = function.operand(1);
                SqlCall there = over(function.getOperator().createCall(pos, SqlLiteral.createExactNumeric("1", pos),
                        n), window.clone(pos));
                SqlCall value = over(function.getOperator().createCall(pos, function.operand(0), n), window);
                return new SqlCase(pos, null, SqlNodeList.of(SqlStdOperatorTable.IS_NULL.createCall(pos, there)),
                        SqlNodeList.of(function.operand(2)), value);
            }
            case "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST" -> {
                SqlWindow w = resolved(window);
                if (w == null) {
                    return call; // a window of no WINDOW clause: Calcite's error
                }
                String name = function.getOperator().getName().toUpperCase(Locale.ROOT);
                if (w.getOrderList().size() == 0) {
                    // every row a peer of every other (Calcite refuses these without ORDER BY, 42601)
                    return name.equals("PERCENT_RANK") ? asDouble(SqlLiteral.createExactNumeric("0", pos), pos)
                            : name.endsWith("RANK") ? SqlStdOperatorTable.CAST.createCall(pos, one(pos),
                            new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.BIGINT, pos), pos))
                            : asDouble(one(pos), pos);
                }
                if (name.endsWith("RANK") && !name.equals("PERCENT_RANK")) {
                    return call;
                }
                SqlWindow partition = SqlWindow.create(null, null, w.getPartitionList(), SqlNodeList.EMPTY,
                        SqlLiteral.createBoolean(false, pos), null, null, null, pos);
                SqlCall rows = over(SqlStdOperatorTable.COUNT.createCall(pos, SqlIdentifier.star(pos)),
                        partition);
                if (function.getOperator().getName().equalsIgnoreCase("CUME_DIST")) {
                    SqlCall upToPeers = over(SqlStdOperatorTable.COUNT.createCall(pos, SqlIdentifier.star(pos)),
                            w);
                    return SqlStdOperatorTable.DIVIDE.createCall(pos, asDouble(upToPeers, pos), rows);
                }
                SqlCall rank = over(SqlStdOperatorTable.RANK.createCall(pos), w);
                SqlCall fraction = SqlStdOperatorTable.DIVIDE.createCall(pos, asDouble(
                        SqlStdOperatorTable.MINUS.createCall(pos, rank, one(pos)), pos),
                        SqlStdOperatorTable.MINUS.createCall(pos, rows.clone(pos), one(pos)));
                return new SqlCase(pos, null, SqlNodeList.of(SqlStdOperatorTable.EQUALS.createCall(pos,
                        rows, one(pos))), SqlNodeList.of(asDouble(SqlLiteral.createExactNumeric("0", pos), pos)),
                        fraction);
            }
            default -> {
                return call;
            }
        }
    }

    /**
     * The partition and order of {@code window}: itself, or the WINDOW clause's window it names (whose partition, and
     * order unless it has its own, it takes); null if no enclosing SELECT declares that name.
     */
    private SqlWindow resolved(SqlNode window) {
        SqlIdentifier name = window instanceof SqlIdentifier id ? id
                : window instanceof SqlWindow w ? w.getRefName() : null;
        if (name == null) {
            return (SqlWindow) window;
        }
        for (java.util.Iterator<SqlNodeList> it = declared.descendingIterator(); it.hasNext(); ) {
            SqlNodeList list = it.next();
            for (SqlNode d : list == null ? SqlNodeList.EMPTY : list) {
                if (d instanceof SqlWindow decl && decl.getDeclName() != null
                        && decl.getDeclName().getSimple().equalsIgnoreCase(name.getSimple())) {
                    SqlWindow base = resolved(decl.getRefName() == null ? decl : decl.getRefName());
                    if (base == null) {
                        return null;
                    }
                    SqlNodeList order = window instanceof SqlWindow w && w.getOrderList().size() > 0
                            ? w.getOrderList() : base.getOrderList();
                    return SqlWindow.create(null, null, base.getPartitionList(), order,
                            SqlLiteral.createBoolean(false, SqlParserPos.ZERO), null, null, null,
                            window.getParserPosition());
                }
            }
        }
        return null;
    }

    private static SqlCall over(SqlCall function, SqlNode window) {
        return SqlStdOperatorTable.OVER.createCall(function.getParserPosition(), function, window);
    }

    private static SqlLiteral one(SqlParserPos pos) {
        return SqlLiteral.createExactNumeric("1", pos);
    }

    private static SqlNode asDouble(SqlNode x, SqlParserPos pos) {
        return SqlStdOperatorTable.CAST.createCall(pos, x, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(
                SqlTypeName.DOUBLE, pos), pos));
    }
}
