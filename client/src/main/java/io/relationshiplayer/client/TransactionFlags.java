package io.relationshiplayer.client;

/**
 * BEGIN and COMMIT folded into a statement (ExecuteRequest.begin_transaction and commit): a transaction of three
 * statements in three calls, not five. {@link #BEGIN} starts an explicit transaction before the statement;
 * {@link #COMMIT} commits it after the statement succeeds (a failed statement rolls it back); {@link #BOTH} does both
 * (a one-statement explicit transaction); {@link #NONE} neither.
 */
public enum TransactionFlags {
    NONE(false, false), BEGIN(true, false), COMMIT(false, true), BOTH(true, true);

    private final boolean begin;
    private final boolean commit;

    TransactionFlags(boolean begin, boolean commit) {
        this.begin = begin;
        this.commit = commit;
    }

    public boolean begin() {
        return begin;
    }

    public boolean commit() {
        return commit;
    }
}
