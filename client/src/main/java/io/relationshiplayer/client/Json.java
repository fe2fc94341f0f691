package io.relationshiplayer.client;

import java.util.Locale;
import javax.annotation.Nonnull;

/** JSON text for the clients' output (the CLI's rows, the benchmarks' result files): one place that escapes. */
public final class Json {
    private Json() {
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped (and U+2028/9, for JavaScript). */
    @Nonnull
    public static String string(@Nonnull String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }

    /** A finite number as JSON with {@code decimals} fraction digits; NaN and infinities (not JSON) as null. */
    @Nonnull
    public static String number(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "null";
    }
}
