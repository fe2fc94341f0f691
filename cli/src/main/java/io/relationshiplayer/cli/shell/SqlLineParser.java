package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.SqlScript;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.impl.DefaultParser;

/**
 * Lines of the shell: a statement continues on the next line until a {@code ;} outside quotes and comments ends it,
 * or a backslash command ends the line ({@code \d}; {@code SELECT ... \g} runs what came before it). Words are split
 * as JLine does, for completion. While a COPY reads its data, every line is a line of data.
 */
final class SqlLineParser extends DefaultParser {
    private final java.util.function.BooleanSupplier data;

    SqlLineParser() {
        this(() -> false);
    }

    /** {@code data}: whether lines are a COPY's data now (each is then taken as it is). */
    SqlLineParser(java.util.function.BooleanSupplier data) {
        this.data = data;
        escapeChars(new char[0]);
        eofOnEscapedNewLine(false);
        eofOnUnclosedQuote(false);
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !data.getAsBoolean()) {
            String text = line.strip();
            if (!SqlScript.blank(text) && !SqlScript.complete(text) && !hasCommand(text)) {
                throw new EOFError(-1, cursor, "the statement continues until ;", ";");
            }
        }
        return super.parse(line, cursor, context);
    }

    /** Whether a backslash outside quotes and comments starts a command. */
    private static boolean hasCommand(String text) {
        for (int at = SqlScript.nextSeparator(text, 0); at >= 0; at = SqlScript.nextSeparator(text, at + 1)) {
            if (text.charAt(at) == '\\') {
                return true;
            }
        }
        return false;
    }
}
