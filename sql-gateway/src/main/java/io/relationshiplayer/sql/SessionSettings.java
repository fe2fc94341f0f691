package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * What SET changes in a session, all of it about autocommit queries: how old the data they read may be
 * ({@code max_staleness}, {@link Staleness}) and whether they may outlive one transaction ({@code read_consistency},
 * {@link ReadConsistency}). Statements inside BEGIN ... COMMIT keep their transaction's semantics whatever is set.
 */
final class SessionSettings {
    private static final Pattern NAME = Pattern.compile("(?s)\\s*(\\w+).*");

    private Staleness staleness = Staleness.NONE;
    private ReadConsistency readConsistency = ReadConsistency.CONTINUATION;

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
            default:
                throw new SqlException("22023", "unrecognized setting \"" + assignment + "\": supported are "
                        + "SET max_staleness = <seconds> and SET read_consistency = snapshot | continuation");
        }
    }

    long maxStalenessMillis() {
        return staleness.millis();
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
