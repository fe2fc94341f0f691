package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.Display;
import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import java.util.List;
import java.util.Locale;

/** The shell's display settings: {@code \pset} (null, border, expanded, format), {@code \x} and {@code \format}. */
final class DisplayCommands {
    /** What a command answers: a message, or an error. */
    record Reply(String text, boolean error) {
        static Reply ok(String text) {
            return new Reply(text, false);
        }

        static Reply error(String text) {
            return new Reply(text, true);
        }
    }

    private DisplayCommands() {
    }

    /** on/off (true, false, yes, no, 1, 0), {@code toggled} when empty; null when it is neither. */
    static Boolean parseSwitch(String arg, boolean toggled) {
        String s = arg.toLowerCase(Locale.ROOT);
        if (s.isEmpty()) {
            return toggled;
        }
        if (List.of("on", "true", "yes", "1").contains(s)) {
            return true;
        }
        return List.of("off", "false", "no", "0").contains(s) ? Boolean.FALSE : null;
    }

    static Reply pset(ResultPrinter printer, String arg) {
        Display d = printer.display();
        if (arg.isEmpty()) {
            return Reply.ok("border    " + d.border() + "\nexpanded  " + d.expanded().name().toLowerCase(Locale.ROOT)
                    + "\nformat    " + printer.format().name().toLowerCase(Locale.ROOT) + "\nnull      \""
                    + d.nullText() + "\"");
        }
        String[] p = arg.split("\\s+", 2);
        String value = p.length > 1 ? unquote(p[1].strip()) : null;
        switch (p[0]) {
            case "null" -> {
                if (value != null) {
                    d = d.withNullText(value);
                }
                printer.display(d);
                return Reply.ok("Null display is \"" + d.nullText() + "\".");
            }
            case "border" -> {
                if (value != null && !value.matches("[012]")) {
                    return Reply.error("\\pset: border must be 0, 1 or 2");
                }
                printer.display(d = value == null ? d : d.withBorder(Integer.parseInt(value)));
                return Reply.ok("Border style is " + d.border() + ".");
            }
            case "expanded", "x" -> {
                Display.Expanded e;
                if (value == null || value.equals("toggle")) {
                    e = d.expanded() == Display.Expanded.ON ? Display.Expanded.OFF : Display.Expanded.ON;
                } else if (value.equalsIgnoreCase("auto")) {
                    e = Display.Expanded.AUTO;
                } else {
                    Boolean on = parseSwitch(value, false);
                    if (on == null) {
                        return Reply.error("\\pset: expanded must be on, off or auto");
                    }
                    e = on ? Display.Expanded.ON : Display.Expanded.OFF;
                }
                printer.display(d.withExpanded(e));
                return Reply.ok(e == Display.Expanded.AUTO ? "Expanded display is used automatically."
                        : "Expanded display is " + (e == Display.Expanded.ON ? "on." : "off."));
            }
            case "format" -> {
                return format(printer, value == null ? "" : value);
            }
            default -> {
                return Reply.error("\\pset: unknown option " + p[0] + " (null, border, expanded, format)");
            }
        }
    }

    static Reply format(ResultPrinter printer, String arg) {
        try {
            printer.format(OutputFormat.valueOf(arg.toUpperCase(Locale.ROOT)));
            return Reply.ok("Output format is " + arg.toLowerCase(Locale.ROOT) + ".");
        } catch (IllegalArgumentException e) {
            return Reply.error("\\format: expected table, csv or json");
        }
    }

    /** A value in single quotes loses them (psql's quoting, '' for a quote); any other stays as written. */
    private static String unquote(String value) {
        return ShellInterpreter.unquote(value);
    }
}
