package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * Whether a read-only autocommit statement may outlive one FoundationDB transaction ({@code SET read_consistency}).
 * PostgreSQL has no such setting, and its isolation levels all make a statement one snapshot; a setting of its own
 * keeps that meaning intact for {@code SET TRANSACTION} and names what the choice is about: how consistent a read is.
 */
enum ReadConsistency {
    /**
     * The default: each scan continues in new transactions from its cursor's continuation, so a statement may run for
     * minutes; each transaction is a snapshot, the statement as a whole is not.
     */
    CONTINUATION,
    /** One transaction, one snapshot: past FoundationDB's five seconds the statement fails with 40001. */
    SNAPSHOT;

    private static final Pattern SET = Pattern.compile("(?i)read_consistency\\s*(?:=|\\s+to\\s+)\\s*'?(\\w+)'?");

    /** The value a SET statement's assignment names ({@code DEFAULT}: continuation); 22023 for any other. */
    @Nonnull
    static ReadConsistency parse(@Nonnull String assignment) {
        Matcher m = SET.matcher(assignment.strip());
        String value = m.matches() ? m.group(1).toUpperCase(Locale.ROOT) : "";
        switch (value) {
            case "CONTINUATION":
            case "DEFAULT":
                return CONTINUATION;
            case "SNAPSHOT":
                return SNAPSHOT;
            default:
                throw new SqlException("22023", "invalid value for parameter \"read_consistency\" in \"" + assignment
                        + "\": expected snapshot or continuation");
        }
    }
}
