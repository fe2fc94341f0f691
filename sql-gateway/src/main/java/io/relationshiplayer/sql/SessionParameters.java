package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javax.annotation.Nonnull;

/**
 * SHOW, as PostgreSQL answers it: {@code SHOW name} is one row of one text column named after the parameter,
 * {@code SHOW ALL} every parameter with its setting and description. The session's own settings
 * ({@link SessionSettings}: statement_timeout, max_staleness, read_consistency, application_name) and the fixed
 * parameters that clients and tools ask for (server_version, the encodings, the isolation level, the time zone, ...).
 * An unknown name is 42704, as in PostgreSQL.
 */
final class SessionParameters {
    /** A parameter: its value in a session and what it is. */
    private record Parameter(String name, Function<SessionSettings, String> value, String description) {
    }

    private static final Map<String, Parameter> PARAMETERS = new LinkedHashMap<>();

    static {
        add("application_name", SessionSettings::applicationName, "Sets the application name to be reported.");
        add("client_encoding", s -> "UTF8", "The client's character set encoding (UTF8 only).");
        add("DateStyle", s -> "ISO, MDY", "The display format for date and time values.");
        add("default_transaction_isolation", s -> "serializable",
                "The isolation level of each new transaction (FoundationDB's: serializable).");
        add("integer_datetimes", s -> "on", "Whether datetimes are integer based.");
        add("max_staleness", SessionSettings::maxStalenessText,
                "How old the data of autocommit queries may be (bounded staleness; 0: none).");
        add("read_consistency", SessionSettings::readConsistencyText,
                "Whether autocommit queries past FoundationDB's 5 s go on in new transactions (continuation) or fail "
                        + "(snapshot).");
        add("search_path", s -> "\"$user\", public", "The schemas names are looked up in (public: tables live there).");
        add("server_encoding", s -> "UTF8", "The server's character set encoding.");
        add("server_version", s -> "15.0 (" + PostgresFunctions.version() + ")",
                "The PostgreSQL version whose SQL the server follows, and the server.");
        add("server_version_num", s -> "150000", "The PostgreSQL version whose SQL the server follows, as a number.");
        add("standard_conforming_strings", s -> "on", "'...' strings treat backslashes literally.");
        add("statement_timeout", SessionSettings::statementTimeoutText,
                "The longest a statement may run (0: only the server's --statement-timeout).");
        add("TimeZone", s -> "UTC", "The time zone of dates and times (TIMESTAMP has none).");
        add("transaction_isolation", s -> "serializable", "The current transaction's isolation level.");
    }

    private SessionParameters() {
    }

    private static void add(String name, Function<SessionSettings, String> value, String description) {
        PARAMETERS.put(name.toLowerCase(Locale.ROOT), new Parameter(name, value, description));
    }

    /** Whether {@code name} is a parameter SHOW knows. */
    static boolean known(@Nonnull String name) {
        return PARAMETERS.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** A known parameter's canonical spelling ({@code TimeZone} for {@code timezone}). */
    static String spelling(@Nonnull String name) {
        return PARAMETERS.get(name.toLowerCase(Locale.ROOT)).name();
    }

    /** The answer to the SHOW statement {@code sql}; 42601 at its position if it is not in PostgreSQL's grammar. */
    @Nonnull
    static StatementResult showStatement(@Nonnull String sql, @Nonnull SessionSettings settings) {
        SetSyntax.checkShow(sql);
        return show(StatementText.strip(StatementText.afterFirstWord(sql)), settings);
    }

    /** The answer to SHOW {@code what} (the text after SHOW). */
    @Nonnull
    static StatementResult show(@Nonnull String what, @Nonnull SessionSettings settings) {
        String name = canonical(StatementText.strip(withoutComments(what)));
        if (name.isEmpty()) {
            throw new SqlException("42601", "syntax error at end of input");
        }
        if (name.equals("all")) {
            List<Object[]> rows = new ArrayList<>();
            for (Parameter p : PARAMETERS.values()) {
                rows.add(new Object[] {p.name(), p.value().apply(settings), p.description()});
            }
            return new StatementResult.Query("SHOW", List.of(text("name"), text("setting"), text("description")),
                    MetadataCommands.stream(rows));
        }
        Parameter p = PARAMETERS.get(name);
        if (p == null) {
            throw new SqlException("42704", "unrecognized configuration parameter \"" + name + "\"");
        }
        // The column is the parameter's canonical spelling (TimeZone, DateStyle), as PostgreSQL names it.
        return new StatementResult.Query("SHOW", List.of(text(p.name())),
                MetadataCommands.stream(List.<Object[]>of(new Object[] {p.value().apply(settings)})));
    }

    /** A parameter's name as SHOW, SET and RESET write it: PostgreSQL's two-word spellings mapped, lower case. */
    static String canonical(@Nonnull String what) {
        String name = what.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        if (name.length() > 2 && name.startsWith("\"") && name.endsWith("\"")) {
            name = name.substring(1, name.length() - 1); // a quoted name is the same parameter
        }
        return switch (name) {
            case "transaction isolation level" -> "transaction_isolation";
            case "time zone" -> "timezone";
            default -> name;
        };
    }

    /** {@code sql} with its comments (outside quotes) made spaces: they are no part of a name or a value. */
    static String withoutComments(@Nonnull String sql) {
        StringBuilder out = new StringBuilder(sql.length());
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                int end = StatementText.quotedEnd(sql, i, c);
                out.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
                while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
                out.append(' ');
            } else if (c == '/' && i + 1 < sql.length() && sql.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(sql, i);
                out.append(' ');
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static ColumnMeta text(String name) {
        return new ColumnMeta(name, ColumnType.newBuilder().setKind(ColumnKind.VARCHAR).build(), false);
    }
}
