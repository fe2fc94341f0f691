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
    private String applicationName = "";
    /** The settings when the session's explicit transaction began: what its rollback goes back to. */
    private Saved atBegin;

    private record Saved(Staleness staleness, ReadConsistency readConsistency, java.time.Duration statementTimeout,
                         String applicationName) {
    }

    /** BEGIN: a SET from now on is undone if the transaction rolls back or fails, as in PostgreSQL. */
    void transactionStarted() {
        atBegin = new Saved(staleness, readConsistency, statementTimeout, applicationName);
    }

    /** The explicit transaction ended: committed, its SETs stay; else the settings are those of its BEGIN. */
    void transactionEnded(boolean committed) {
        if (atBegin != null && !committed) {
            staleness = atBegin.staleness();
            readConsistency = atBegin.readConsistency();
            statementTimeout = atBegin.statementTimeout();
            applicationName = atBegin.applicationName();
        }
        atBegin = null;
    }

    /**
     * Runs a SET or RESET statement: {@code SET [SESSION] name = value | TO value | TO DEFAULT}, {@code RESET name},
     * {@code RESET ALL}. A parameter SHOW knows but SET cannot change is 55P02 (0A000 for those PostgreSQL lets a
     * session change); an unknown one 42704, as in PostgreSQL.
     */
    StatementResult apply(@Nonnull String written, @Nonnull FDBDatabase db) {
        SetSyntax.checkSet(written);
        String sql = SessionParameters.withoutComments(written);
        boolean reset = StatementText.leadingWords(sql, 1).equalsIgnoreCase("RESET");
        String rest = StatementText.strip(StatementText.afterFirstWord(sql));
        if (rest.isEmpty()) {
            throw new SqlException("42601", "syntax error at end of input");
        }
        if (reset) {
            String name = SessionParameters.canonical(rest);
            if (name.equals("all")) {
                staleness = Staleness.NONE;
                readConsistency = ReadConsistency.CONTINUATION;
                statementTimeout = java.time.Duration.ZERO;
                applicationName = "";
            } else {
                set(name + " TO DEFAULT", db);
            }
            return new StatementResult.Done("RESET");
        }
        String first = StatementText.leadingWords(rest, 1);
        String characteristics = rest.replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
        if (characteristics.startsWith("TRANSACTION ") || characteristics.startsWith(
                "SESSION CHARACTERISTICS AS TRANSACTION ")) {
            transactionCharacteristics(rest.replaceAll("(?is)^.*?transaction\\s+", ""));
            return new StatementResult.Done("SET");
        }
        if (first.equalsIgnoreCase("LOCAL")) {
            throw new SqlException("0A000", "SET LOCAL is not supported: a setting lasts for the session");
        }
        String assignment = first.equalsIgnoreCase("SESSION") ? StatementText.strip(StatementText.afterFirstWord(rest))
                : rest;
        if (StatementText.leadingWords(assignment, 2).equals("TIME ZONE")) {
            // PostgreSQL's SET TIME ZONE value is SET timezone = value.
            assignment = "timezone = " + StatementText.afterFirstWord(StatementText.afterFirstWord(assignment)).strip();
        }
        set(assignment, db);
        return new StatementResult.Done("SET");
    }

    /** Applies the assignment of a SET statement (the text after SET): 42704 for an unknown name, 22023 a bad value. */
    void set(@Nonnull String written, @Nonnull FDBDatabase db) {
        String assignment = written.replaceFirst("^\\s*\"([^\"]+)\"", "$1"); // a quoted name is the same name
        Matcher m = NAME.matcher(assignment);
        String name = m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : "";
        if (DEFAULT.matcher(assignment).matches() && !name.equals("statement_timeout")
                && !name.equals("read_consistency")) {
            switch (name) {
                case "max_staleness" -> staleness = Staleness.NONE;
                case "application_name" -> applicationName = "";
                default -> refuse(name, assignment);
            }
            return;
        }
        switch (name) {
            case "max_staleness":
                staleness = Staleness.parse(assignment).trackedBy(db);
                break;
            case "read_consistency":
                readConsistency = ReadConsistency.parse(assignment);
                break;
            case "statement_timeout":
                statementTimeout = StatementTimeoutSetting.parse(assignment);
                break;
            case "application_name":
                Matcher v = VALUE.matcher(assignment);
                if (!v.matches()) {
                    throw new SqlException("22023", "invalid value for parameter \"application_name\" in \""
                            + assignment + "\"");
                }
                applicationName = v.group(1) != null ? v.group(1).replace("''", "'")
                        : v.group(2).toLowerCase(Locale.ROOT); // an identifier: folded, as PostgreSQL's parser does
                break;
            default:
                refuse(name, assignment);
        }
    }

    private static final Pattern DEFAULT = Pattern.compile("(?is)\\s*\\w+\\s*(?:=|\\s+to\\s+)\\s*default\\s*");
    private static final Pattern SEARCH_PATH = Pattern.compile("(?is)\\s*\\w+\\s*(?:=|\\s+to\\s+)\\s*(.+?)\\s*");
    private static final Pattern VALUE = Pattern.compile("(?is)\\s*\\w+\\s*(?:=|\\s+to\\s+)\\s*(?:'((?:[^']|'')*)'|(\\w+))\\s*");

    /**
     * Whether a SET of search_path names only schemas whose tables are the session's: public (where every table is),
     * "$user" (no such schema) and pg_catalog, as ORMs and dumps set it.
     */
    private static boolean onlyPublic(String assignment) {
        Matcher m = SEARCH_PATH.matcher(assignment);
        if (!m.matches()) {
            return false;
        }
        for (String item : m.group(1).split(",")) {
            String schema = item.strip().replaceAll("^['\"]|['\"]$", "").toLowerCase(Locale.ROOT);
            if (!schema.equals("public") && !schema.equals("$user") && !schema.equals("pg_catalog")) {
                return false;
            }
        }
        return true;
    }

    private static void refuse(String name, String assignment) {
        if (name.equals("client_encoding") && assignment.matches("(?is).*\\W'?utf-?8'?\\s*")
                || name.equals("timezone") && assignment.matches("(?is).*\\W'?(etc/)?utc'?\\s*")
                || name.equals("datestyle") && assignment.matches("(?is).*\\W'?iso(\\s*,\\s*mdy)?'?\\s*")
                || name.equals("search_path") && onlyPublic(assignment)) {
            return; // the value it has, the only one there is
        }
        if (SessionParameters.known(name)) {
            name = SessionParameters.spelling(name);
            boolean postgresAllows = name.equals("client_encoding") || name.equals("DateStyle")
                    || name.equals("TimeZone") || name.equals("default_transaction_isolation")
                    || name.equals("transaction_isolation") || name.equals("search_path");
            throw new SqlException(postgresAllows ? "0A000" : "55P02", postgresAllows
                    ? "changing \"" + name + "\" is not supported: SHOW " + name + " gives the value the engine has"
                    : "parameter \"" + name + "\" cannot be changed");
        }
        throw new SqlException("42704", "unrecognized configuration parameter \"" + name + "\" (the session's are "
                + "max_staleness, read_consistency, statement_timeout and application_name)");
    }

    /**
     * {@code SET TRANSACTION ...} and {@code SET SESSION CHARACTERISTICS AS TRANSACTION ...}: every isolation level is
     * accepted and runs serializable, FoundationDB's (as PostgreSQL runs READ UNCOMMITTED as READ COMMITTED, and as
     * CockroachDB does); READ WRITE is what a transaction is. READ ONLY and DEFERRABLE are 0A000.
     */
    private static void transactionCharacteristics(String modes) {
        for (String mode : modes.split(",")) {
            String m = mode.strip().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
            if (!m.matches("ISOLATION LEVEL (SERIALIZABLE|REPEATABLE READ|READ COMMITTED|READ UNCOMMITTED)|READ WRITE")) {
                throw new SqlException("0A000", "SET TRANSACTION " + mode.strip() + " is not supported: transactions "
                        + "are serializable and read-write");
            }
        }
    }

    String applicationName() {
        return applicationName;
    }

    String statementTimeoutText() {
        return StatementTimeoutSetting.show(statementTimeout);
    }

    String maxStalenessText() {
        long ms = staleness.millis();
        return ms == 0 ? "0" : ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    String readConsistencyText() {
        return readConsistency.name().toLowerCase(Locale.ROOT);
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
