package io.relationshiplayer.cli.shell;

/** The shell's {@code \?}: its backslash commands, one a line. */
final class ShellHelp {
    static final String TEXT = String.join("\n",
            "Statements end with ;  and may span lines. Ctrl-C cancels a running statement or clears the line;",
            "Ctrl-D or \\q leaves.",
            "  \\d[+] [TABLE]           tables and views, or a table's columns, keys, checks, foreign keys (its own",
            "                          and those referencing it) and indexes; \\d+ adds each column's keys, checks",
            "                          and indexes and the table's row count",
            "  \\dt, \\dv, \\di           the tables, the views, the indexes (and keys and count indexes)",
            "  \\c DB                   connect to database DB (a new session on the same server)",
            "  \\l                      the databases (CREATE DATABASE and DROP DATABASE make and remove them)",
            "  \\h [STATEMENT]          syntax of the statements the engine runs",
            "  \\g [FILE]               run the query buffer (or the last query), its result to FILE",
            "  \\watch [SEC] [c=COUNT]  run the query buffer every SEC seconds (2) until Ctrl-C",
            "  \\e [FILE]               edit the query buffer (or the last query), or FILE, in $EDITOR; ; runs it",
            "  \\p                      show the query buffer (or the last query)",
            "  \\r                      clear the query buffer",
            "  \\o [FILE]               results to FILE, or back to the terminal",
            "  \\x [on|off|auto]        expanded rows: one line per column (auto: when a row does not fit)",
            "  \\pset [OPTION [VALUE]]  null TEXT, border 0|1|2, expanded on|off|auto",
            "  \\timing [on|off]        show the time of each statement",
            "  \\format FORMAT          table, csv or json",
            "  \\set [NAME [VALUE]]     set (or list) variables; :NAME, :'NAME', :\"NAME\" in statements",
            "  \\unset NAME             unset a variable (ON_ERROR_STOP on: a script stops at its first error)",
            "  \\i FILE                 run the statements and commands of FILE",
            "  \\copy T [(COLS)] FROM FILE|STDIN|PSTDIN [CSV HEADER] or \\copy T|(QUERY) TO FILE|STDOUT ...",
            "                          load or export CSV or text in the client (also COPY ... FROM STDIN / TO STDOUT)",
            "  \\conninfo               the server, database, TLS and token of the connection",
            "  \\q                      quit",
            "  \\?                      this help");

    private ShellHelp() {
    }
}
