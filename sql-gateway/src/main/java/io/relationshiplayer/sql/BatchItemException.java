package io.relationshiplayer.sql;

/** The failure of one item of a batch ({@link SqlSession#executeBatch}): the item's error and its 0-based index. */
public final class BatchItemException extends SqlException {
    private static final long serialVersionUID = 1L;

    private final int index;

    public BatchItemException(int index, SqlException cause) {
        super(cause.sqlState(), "batch item " + index + ": " + cause.getMessage(), cause.detail(), cause.hint(),
                cause.line(), cause.column(), cause);
        this.index = index;
    }

    /** The 0-based index of the item that failed. */
    public int index() {
        return index;
    }
}
