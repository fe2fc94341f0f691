package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * What SET changes in a session: about autocommit queries, how old the data they read may be
 * ({@code max_staleness}, {@link Staleness}) and whether they may outlive one transaction ({@code read_consistency},
 * {@link ReadConsistency}), which statements inside BEGIN ... COMMIT ignore (they keep their transaction's semantics);
 * and how long each statement may run ({@code statement_timeout}, {@link StatementTimeoutSetting}).
 */
public final class SessionSettings {
    private static final Pattern NAME = Pattern.compile("(?s)\\s*(\\w+).*");

    private Staleness staleness = Staleness.NONE;
    private ReadConsistency readConsistency = ReadConsistency.CONTINUATION;
    private java.time.Duration statementTimeout = java.time.Duration.ZERO;

    /** Applies the assignment of a SET statement (the text after SET); 22023 for an unknown setting or bad value. */
    void set(@Nonnull String assignment, @Nonnull FDBDatabase db) {
        Matcher m = NAME.matcher(assignment);
        switch (m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : "") {
            case "max_staleness":
                staleness = Staleness.parse(assignment).trackedBy(db);
                break;
            case "read_consistency":
                readConsistency = ReadConsistency.parse(assignment);
                break;
            case "statement_timeout":
                statementTimeout = StatementTimeoutSetting.parse(assignment);
                break;
            default:
                throw new SqlException("22023", "unrecognized setting \"" + assignment + "\": supported are "
                        + "SET max_staleness = <seconds>, SET read_consistency = snapshot | continuation and "
                        + "SET statement_timeout = <milliseconds>");
        }
    }

    /** The current staleness bound of autocommit queries, in milliseconds. */
    public long maxStalenessMillis() {
        return staleness.millis();
    }

    /**
     * How long the session's next statement may run: its {@code statement_timeout}, bounded by the server's
     * {@code server} (zero: none); zero for none at all.
     */
    public java.time.Duration statementTimeout(java.time.Duration server) {
        return StatementTimeoutSetting.bounded(statementTimeout, server);
    }

    /** A transaction for an autocommit statement: a weak (possibly stale) read version for queries when allowed. */
    FDBRecordContext autocommitContext(FDBDatabase db, String tag) {
        return staleness.enabled() && tag.equals("SELECT") ? staleness.openContext(db) : db.openContext();
    }

    /** How much older than the current one the read version of {@link #autocommitContext} may be. */
    long readVersionLagNanos() {
        return TimeUnit.MILLISECONDS.toNanos(staleness.millis());
    }

    /** Whether an autocommit statement with result {@code tag} reads in segments: a query in continuation mode. */
    boolean readsInSegments(String tag) {
        return readConsistency == ReadConsistency.CONTINUATION && tag.equals("SELECT");
    }
}
