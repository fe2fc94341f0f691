package io.relationshiplayer.cli;

import io.relationshiplayer.cli.sql.OutputFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/** {@code --format table|csv|json}, in any case, with completion candidates. */
final class FormatOption {
    private FormatOption() {
    }

    static OutputFormat parse(String value) {
        try {
            return OutputFormat.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown format '" + value + "': expected table, csv or json");
        }
    }

    static final class Converter implements CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Candidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("table", "csv", "json").iterator();
        }
    }
}
