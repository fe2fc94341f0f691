package io.relationshiplayer.sql.calcite;

/** For tests: the cancel request of the statement being prepared on the calling thread (null if none). */
public final class PreparingCancel {
    private PreparingCancel() {
    }

    public static StatementCancel current() {
        return StatementCancel.preparing();
    }
}
