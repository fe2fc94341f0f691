package io.relationshiplayer.cli.sql;

/**
 * The reader of the output went away (`rl sql ... | head -2`): the running statement is cancelled, and the command
 * ends quietly, as psql does when its pipe closes, instead of reading the rest of the rows for nobody.
 */
public final class OutputClosedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutputClosedException() {
        super("the output was closed", null, false, false);
    }
}
