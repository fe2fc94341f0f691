package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.StatementCancel;
import javax.annotation.Nullable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The position of a token in a statement's text, as the parser gives it to each node it makes, that checks for a cancel
 * of the statement being prepared whenever it is read. Once the parser has read an expression's text it builds the
 * expression's tree from the list of its operands and operators (Calcite's SqlParserUtil.toTree), and that step
 * checks nothing: for an operator of its own syntax (LIKE, SIMILAR TO, BETWEEN) it looks the operator up in the list
 * from its start, a walk of a linked list by index, so an OR of 400 {@code CAST(v AS TEXT) LIKE '...'} terms took
 * 0.65 to 0.73 s there (in time cubic in the number of terms). Each such operator's node gets the span of its
 * operands' positions, which reads them: so the step now checks at every operator it reduces, within a few
 * milliseconds. The position is equal to, and hashes as, a plain one of the same lines and columns.
 */
final class CheckedPosition extends SqlParserPos {
    private static final long serialVersionUID = 1L;

    CheckedPosition(int line, int column, int endLine, int endColumn) {
        super(line, column, endLine, endColumn);
    }

    @Override
    public int getLineNum() {
        StatementCancel.checkPreparing();
        return super.getLineNum();
    }

    @Override
    public int getColumnNum() {
        StatementCancel.checkPreparing();
        return super.getColumnNum();
    }

    @Override
    public int getEndLineNum() {
        StatementCancel.checkPreparing();
        return super.getEndLineNum();
    }

    @Override
    public int getEndColumnNum() {
        StatementCancel.checkPreparing();
        return super.getEndColumnNum();
    }

    @Override
    public boolean equals(@Nullable Object o) {
        StatementCancel.checkPreparing();
        return super.equals(o);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
