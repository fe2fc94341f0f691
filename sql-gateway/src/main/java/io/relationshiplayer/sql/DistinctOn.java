package io.relationshiplayer.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;

/**
 * PostgreSQL's {@code SELECT DISTINCT ON (e1, ...) ... ORDER BY o1, ...}: of the rows with the same values of the
 * expressions, the first in the ORDER BY's order. Read as a first select item {@code "$distinct_on"(e1, ...)}
 * ({@link PostgresOperators}), it becomes Calcite's {@code QUALIFY ROW_NUMBER() OVER (PARTITION BY e1, ... ORDER BY
 * o1, ...) = 1} on the same select, whose rows, names and ORDER BY stay as written. As in PostgreSQL an expression of
 * the list or of ORDER BY that is a select item's number or a bare name of a select item's alias stands for that item,
 * and the DISTINCT ON expressions must be the leftmost ORDER BY expressions, in any order (42P10 at the expression
 * that is not; without ORDER BY a row of each group is kept, which one unspecified). Expressions are compared as
 * written, a qualified name matching the bare one with its last part ({@code t.a} and {@code a}).
 */
final class DistinctOn {
    private DistinctOn() {
    }

    /** Whether {@code select} was written with DISTINCT ON. */
    static boolean isDistinctOn(SqlNode node) {
        return node instanceof SqlSelect select && !select.getSelectList().isEmpty()
                && marker(select.getSelectList().get(0)) != null;
    }

    private static SqlCall marker(SqlNode item) {
        if (item instanceof SqlBasicCall call && call.getOperator().getNameAsId().isSimple()
                && call.getOperator().getName().equals(PostgresOperators.DISTINCT_ON)) {
            return call;
        }
        return null;
    }

    /** {@code select}, written with DISTINCT ON and ordered by {@code orderList} (null: none), made a QUALIFY. */
    static void rewrite(SqlSelect select, SqlNodeList orderList) {
        SqlNodeList written = select.getSelectList();
        SqlCall marker = marker(written.get(0));
        SqlNodeList items = new SqlNodeList(written.getList().subList(1, written.size()), written.getParserPosition());
        select.setSelectList(items);
        SqlParserPos pos = marker.getParserPosition();
        List<SqlNode> on = new ArrayList<>();
        for (SqlNode e : marker.getOperandList()) {
            on.add(resolve(e, items, "DISTINCT ON"));
        }
        List<SqlNode> order = new ArrayList<>();
        List<SqlNode> orderExprs = new ArrayList<>();
        if (orderList != null) {
            for (SqlNode o : orderList) {
                SqlNode expr = resolve(unwrap(o), items, "ORDER BY");
                orderExprs.add(expr);
                order.add(rewrap(o, expr));
            }
        }
        check(marker.getOperandList(), on, orderExprs);
        SqlWindow window = SqlWindow.create(null, null, new SqlNodeList(on, pos), new SqlNodeList(order, pos),
                SqlLiteral.createBoolean(false, pos), null, null, null, pos);
        SqlNode rank = SqlStdOperatorTable.OVER.createCall(pos, SqlStdOperatorTable.ROW_NUMBER.createCall(pos),
                window);
        select.setQualify(SqlStdOperatorTable.EQUALS.createCall(pos, rank,
                SqlLiteral.createExactNumeric("1", pos)));
    }

    /** PostgreSQL's check: the DISTINCT ON expressions are the leftmost ORDER BY ones, or there is no ORDER BY. */
    private static void check(List<SqlNode> written, List<SqlNode> on, List<SqlNode> order) {
        boolean skipped = false;
        for (SqlNode o : order) {
            int d = indexOf(on, o);
            if (d < 0) {
                skipped = true;
            } else if (skipped) {
                throw mismatch(written.get(d));
            }
        }
        for (int d = 0; d < on.size(); d++) {
            if (skipped && indexOf(order, on.get(d)) < 0) {
                throw mismatch(written.get(d));
            }
        }
    }

    private static SqlException mismatch(SqlNode at) {
        SqlParserPos p = at.getParserPosition();
        return new SqlException("42P10", "SELECT DISTINCT ON expressions must match initial ORDER BY expressions",
                p.getLineNum(), p.getColumnNum(), null);
    }

    private static int indexOf(List<SqlNode> list, SqlNode e) {
        for (int i = 0; i < list.size(); i++) {
            if (same(list.get(i), e)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean same(SqlNode a, SqlNode b) {
        if (a.equalsDeep(b, Litmus.IGNORE)) {
            return true;
        }
        if (a instanceof SqlIdentifier x && b instanceof SqlIdentifier y && !x.isStar() && !y.isStar()
                && (x.isSimple() || y.isSimple())) {
            return x.names.get(x.names.size() - 1).equals(y.names.get(y.names.size() - 1));
        }
        return false;
    }

    /** The expression of an ORDER BY item, without its DESC and NULLS FIRST / LAST. */
    private static SqlNode unwrap(SqlNode o) {
        while (o instanceof SqlCall c && (c.getKind() == SqlKind.DESCENDING || c.getKind() == SqlKind.NULLS_FIRST
                || c.getKind() == SqlKind.NULLS_LAST)) {
            o = c.operand(0);
        }
        return o;
    }

    /** {@code o} with its expression {@code expr}. */
    private static SqlNode rewrap(SqlNode o, SqlNode expr) {
        if (o instanceof SqlCall c && (c.getKind() == SqlKind.DESCENDING || c.getKind() == SqlKind.NULLS_FIRST
                || c.getKind() == SqlKind.NULLS_LAST)) {
            return c.getOperator().createCall(c.getParserPosition(), rewrap(c.operand(0), expr));
        }
        return expr;
    }

    /** A select item's number or a bare name of an item's alias as the item's expression; else {@code e}. */
    private static SqlNode resolve(SqlNode e, SqlNodeList items, String clause) {
        if (e instanceof SqlNumericLiteral n && n.isInteger()) {
            int k = n.intValue(false);
            for (int i = 0; i < Math.min(k, items.size()); i++) {
                if (items.get(i) instanceof SqlIdentifier star && star.isStar()) {
                    SqlParserPos p = e.getParserPosition();
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, clause + " of a select item's number "
                            + "at or after a * is not supported with DISTINCT ON: name the column", p.getLineNum(),
                            p.getColumnNum(), null);
                }
            }
            if (k < 1 || k > items.size()) {
                SqlParserPos p = e.getParserPosition();
                throw new SqlException("42P10", clause + " position " + n.toValue() + " is not in select list",
                        p.getLineNum(), p.getColumnNum(), null);
            }
            return expression(items.get(k - 1));
        }
        if (e instanceof SqlIdentifier id && id.isSimple()) {
            for (SqlNode item : items) {
                if (item instanceof SqlCall as && as.getKind() == SqlKind.AS
                        && as.operand(1) instanceof SqlIdentifier alias && alias.getSimple().equals(id.getSimple())) {
                    return as.operand(0);
                }
            }
        }
        return e;
    }

    private static SqlNode expression(SqlNode item) {
        return item instanceof SqlCall as && as.getKind() == SqlKind.AS ? as.operand(0) : item;
    }
}
