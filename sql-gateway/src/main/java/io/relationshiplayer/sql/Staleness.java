package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContextConfig;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * A session's bound on how old the data its autocommit queries read may be ({@code SET max_staleness = N}, seconds or
 * {@code 'N ms'} / {@code 'N s'}): such queries read at a recently used read version instead of a new one (bounded
 * staleness, the Record Layer's weak reads, for read-mostly work). 0 turns it off.
 *
 * @param millis the bound in milliseconds; 0 for none
 */
record Staleness(long millis) {
    static final Staleness NONE = new Staleness(0);

    private static final Pattern SET = Pattern.compile(
            "(?i)max_staleness\\s*(?:=|to)\\s*'?\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s)?\\s*'?");

    /** This setting, with {@code db} told to track the versions it has seen when the setting allows stale reads. */
    Staleness trackedBy(FDBDatabase db) {
        if (enabled()) {
            db.setTrackLastSeenVersion(true);
        }
        return this;
    }

    /** The bound a SET statement's assignment names (22023 for a value that is no duration). */
    @Nonnull
    static Staleness parse(@Nonnull String assignment) {
        Matcher m = SET.matcher(assignment);
        if (!m.matches()) {
            throw new SqlException("22023", "invalid value for parameter \"max_staleness\" in \"" + assignment
                    + "\": expected seconds, or 'N ms' or 'N s'");
        }
        double n = Double.parseDouble(m.group(1));
        return new Staleness(Math.round("ms".equalsIgnoreCase(m.group(2)) ? n : n * 1000));
    }

    boolean enabled() {
        return millis > 0;
    }

    /** A transaction whose reads may be up to this old. */
    FDBRecordContext openContext(FDBDatabase db) {
        return db.openContext(FDBRecordContextConfig.newBuilder()
                .setWeakReadSemantics(new FDBDatabase.WeakReadSemantics(0L, millis, false)).build());
    }
}
