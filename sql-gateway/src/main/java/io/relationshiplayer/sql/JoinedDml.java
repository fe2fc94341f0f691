package io.relationshiplayer.sql;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * PostgreSQL's {@code UPDATE t SET ... FROM list WHERE ...} and {@code DELETE FROM t USING list WHERE ...}
 * ({@link io.relationshiplayer.sql.ddl.DmlJoinSyntax}): Calcite's UPDATE and DELETE with the list, whose source select
 * (the rows the statement writes, planned and run as any query) is {@code SELECT t.*[, set expressions] FROM t, list
 * WHERE condition}. A target row that several rows of the list join is in it several times: the write path writes each
 * row once, with the first of its rows that the join gives (PostgreSQL: an arbitrary one). Every write goes through
 * the relationship layer's write path as a plain UPDATE's or DELETE's does, with its constraints and actions.
 */
final class JoinedDml {
    private JoinedDml() {
    }

    /** An UPDATE with a FROM list: operand 6, after Calcite's six. */
    static final class Update extends SqlUpdate {
        private SqlNode from;

        Update(SqlUpdate u, SqlNode from, @Nullable SqlNode condition) {
            super(u.getParserPosition(), u.getTargetTable(), u.getTargetColumnList(), u.getSourceExpressionList(),
                    condition, null, u.getAlias());
            this.from = from;
        }

        @Override
        public List<SqlNode> getOperandList() {
            List<SqlNode> operands = new ArrayList<>(super.getOperandList());
            operands.add(from);
            return java.util.Collections.unmodifiableList(operands);
        }

        @Override
        public void setOperand(int i, @Nullable SqlNode operand) {
            if (i == 6) {
                from = operand;
            } else {
                super.setOperand(i, operand);
            }
        }
    }

    /** A DELETE with a USING list: operand 4, after Calcite's four. */
    static final class Delete extends SqlDelete {
        private SqlNode from;

        Delete(SqlDelete d, SqlNode from, @Nullable SqlNode condition) {
            super(d.getParserPosition(), d.getTargetTable(), condition, null, d.getAlias());
            this.from = from;
        }

        @Override
        public List<SqlNode> getOperandList() {
            List<SqlNode> operands = new ArrayList<>(super.getOperandList());
            operands.add(from);
            return java.util.Collections.unmodifiableList(operands);
        }

        @Override
        public void setOperand(int i, @Nullable SqlNode operand) {
            if (i == 4) {
                from = operand;
            } else {
                super.setOperand(i, operand);
            }
        }
    }

    /** The statement parsed without its list and condition, with them. */
    static SqlNode of(SqlNode statement, SqlNode from, @Nullable SqlNode condition) {
        if (statement instanceof org.apache.calcite.sql.SqlExplain explain) {
            explain.setOperand(0, of(explain.getExplicandum(), from, condition));
            return explain;
        }
        if (statement instanceof SqlUpdate u) {
            return new Update(u, from, condition);
        }
        return new Delete((SqlDelete) statement, from, condition);
    }

    /** The source select of a joined UPDATE: the target's columns, then the SET expressions, of the join. */
    static SqlSelect sourceSelect(Update call) {
        SqlNodeList select = new SqlNodeList(SqlParserPos.ZERO);
        select.add(star(call.getTargetTable(), call.getAlias()));
        int ordinal = 0;
        for (SqlNode e : call.getSourceExpressionList()) {
            select.add(SqlValidatorUtil.addAlias(e, SqlUtil.deriveAliasFromOrdinal(ordinal++)));
        }
        return new SqlSelect(SqlParserPos.ZERO, null, select, join(call.getTargetTable(), call.getAlias(),
                call.from), call.getCondition(), null, null, null, null, null, null, null, null);
    }

    /** The source select of a joined DELETE: the target's columns of the join. */
    static SqlSelect sourceSelect(Delete call) {
        SqlNodeList select = new SqlNodeList(SqlParserPos.ZERO);
        select.add(star(call.getTargetTable(), call.getAlias()));
        return new SqlSelect(SqlParserPos.ZERO, null, select, join(call.getTargetTable(), call.getAlias(),
                call.from), call.getCondition(), null, null, null, null, null, null, null, null);
    }

    /** {@code name.*} of the target: its alias, or the last part of its name. */
    private static SqlIdentifier star(SqlNode target, @Nullable SqlIdentifier alias) {
        String name = alias != null ? alias.getSimple() : last((SqlIdentifier) target);
        return SqlIdentifier.star(List.of(name, ""), SqlParserPos.ZERO,
                List.of(SqlParserPos.ZERO, SqlParserPos.ZERO));
    }

    private static String last(SqlIdentifier id) {
        return id.names.get(id.names.size() - 1);
    }

    /**
     * The target, then the list's items, comma-joined; a name given twice (the target's alias or name, an item's) is
     * 42712, as PostgreSQL has it.
     */
    private static SqlNode join(SqlNode target, @Nullable SqlIdentifier alias, SqlNode from) {
        Deque<SqlNode> items = new ArrayDeque<>();
        SqlNode left = from;
        while (left instanceof SqlJoin j && j.getJoinType() == JoinType.COMMA) {
            items.addFirst(j.getRight());
            left = j.getLeft();
        }
        items.addFirst(left);
        Map<String, SqlNode> names = new HashMap<>();
        names.put(alias != null ? alias.getSimple() : last((SqlIdentifier) target), target);
        for (SqlNode item : items) {
            refuseDuplicates(item, names);
        }
        SqlNode joined = alias == null ? target : SqlValidatorUtil.addAlias(target, alias.getSimple());
        for (SqlNode item : items) {
            SqlParserPos pos = item.getParserPosition();
            joined = new SqlJoin(pos, joined, SqlLiteral.createBoolean(false, pos), JoinType.COMMA.symbol(pos), item,
                    JoinConditionType.NONE.symbol(pos), null);
        }
        return joined;
    }

    /** Adds the names of {@code item}'s tables (each join's) to {@code names}; 42712 at a name already there. */
    private static void refuseDuplicates(SqlNode item, Map<String, SqlNode> names) {
        if (item instanceof SqlJoin j) {
            refuseDuplicates(j.getLeft(), names);
            refuseDuplicates(j.getRight(), names);
            return;
        }
        String name = null;
        if (item.getKind() == SqlKind.AS) {
            name = ((SqlIdentifier) ((SqlBasicCall) item).operand(1)).getSimple();
        } else if (item instanceof SqlIdentifier id) {
            name = last(id);
        }
        if (name != null && names.putIfAbsent(name, item) != null) {
            SqlParserPos pos = item.getParserPosition();
            throw new SqlException("42712", "table name \"" + name + "\" specified more than once",
                    pos.getLineNum(), pos.getColumnNum(), null);
        }
    }
}
