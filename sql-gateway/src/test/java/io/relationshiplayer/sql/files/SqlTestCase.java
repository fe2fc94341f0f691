package io.relationshiplayer.sql.files;

import java.util.List;
import java.util.Objects;
import javax.annotation.Nullable;

/**
 * One block of a {@code .sqltest} file: a statement or query with what it must produce, the session it runs in and
 * the plan assertions on it. Immutable.
 *
 * @param file    the file the block is in (relative to the sqltest root)
 * @param line    the 1-based line of the block's first line
 * @param sql     the statement text; null for a block that only switches sessions
 * @param params  values of the statement's {@code ?} markers
 * @param session the session to switch to before the block (it stays current after it), or null
 * @param skip    why the block is skipped, or null when it runs
 * @param outcome what the statement must produce
 * @param plan    assertions on the EXPLAIN of a query
 * @param reference the text the reference database runs instead of {@code sql} (cross-check files), or null
 */
record SqlTestCase(String file, int line, @Nullable String sql, List<Object> params, @Nullable String session,
                   @Nullable String skip, Outcome outcome, List<PlanCheck> plan, @Nullable String reference) {

    SqlTestCase {
        Objects.requireNonNull(file, "file is null");
        params = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params));
        Objects.requireNonNull(outcome, "outcome is null");
        plan = List.copyOf(plan);
    }

    /** What a block expects. */
    sealed interface Outcome {
        /** The statement succeeds (any result). */
        record Ok() implements Outcome {
        }

        /** An INSERT, UPDATE or DELETE affects exactly {@code count} rows. */
        record Count(long count) implements Outcome {
        }

        /**
         * The statement fails with {@code sqlState}, its message containing {@code fragment} (if not empty), at
         * {@code line} and {@code column} of the statement (unless -1: not checked; 0:0 is no position), with exactly
         * PostgreSQL's DETAIL {@code detail} and HINT {@code hint} when they are not null ({@code ""}: none).
         */
        record Error(String sqlState, String fragment, int line, int column, @Nullable String detail,
                     @Nullable String hint) implements Outcome {
            Error(String sqlState, String fragment, int line, int column) {
                this(sqlState, fragment, line, column, null, null);
            }

            Error(String sqlState, String fragment) {
                this(sqlState, fragment, -1, -1);
            }

            /** This outcome with its expected DETAIL (a further line joined with LF) or HINT. */
            Error with(@Nullable String moreDetail, @Nullable String moreHint) {
                return new Error(sqlState, fragment, line, column, moreDetail == null ? detail
                        : detail == null ? moreDetail : detail + "\n" + moreDetail, moreHint == null ? hint : moreHint);
            }
        }

        /**
         * A query returns {@code rows} ({@code |}-separated cells), in order unless {@code rowsort}; {@code rows} is
         * null in a cross-check file, where the reference database gives the rows. {@code columns}, when not null,
         * are the expected column names. With {@code text}, the rows (cells joined by {@code |}) are compared as
         * the lines of their text, so that a value may span lines (SHOW CREATE's).
         */
        record Rows(boolean rowsort, @Nullable List<String> columns, @Nullable List<String> rows, boolean text)
                implements Outcome {
            Rows(boolean rowsort, @Nullable List<String> columns, @Nullable List<String> rows) {
                this(rowsort, columns, rows, false);
            }
        }

        /** A block that only switches sessions. */
        record SwitchSession() implements Outcome {
        }
    }

    /** The EXPLAIN of the query contains (or does not contain) {@code fragment}. */
    record PlanCheck(boolean contains, String fragment) {
    }

    /** The block's name in test reports: file:line, the directive and the start of the statement. */
    String displayName() {
        String what;
        if (outcome instanceof Outcome.Rows r) {
            what = r.text() ? "query text" : r.rowsort() ? "query rowsort" : "query ordered";
        } else if (outcome instanceof Outcome.Count c) {
            what = "statement count " + c.count();
        } else if (outcome instanceof Outcome.Error e) {
            what = "statement error " + e.sqlState();
        } else if (outcome instanceof Outcome.SwitchSession) {
            what = "session " + session;
        } else {
            what = "statement ok";
        }
        String text = sql == null ? "" : ": " + sql.replaceAll("\\s+", " ").strip();
        if (text.length() > 90) {
            text = text.substring(0, 87) + "...";
        }
        String in = session != null && !(outcome instanceof Outcome.SwitchSession) ? " [session " + session + "]" : "";
        return file + ":" + line + " " + what + in + text;
    }
}
