package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import org.apache.calcite.avatica.util.ByteString;

/**
 * PostgreSQL's {@code encode(bytea, format)} and {@code decode(text, format)} in its formats {@code hex},
 * {@code base64} (lines of 76 characters; white space ignored when decoding) and {@code escape} (a zero byte, a byte
 * with the high bit set and a backslash escaped). An unknown format and malformed text are 22023 with PostgreSQL's
 * words ({@code EverydayCalls} types and converts the calls).
 */
public final class ByteaEncodings {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ByteaEncodings() {
    }

    public static String encode(ByteString data, String format) {
        if (data == null || format == null) {
            return null;
        }
        byte[] b = data.getBytes();
        switch (format.toLowerCase(Locale.ROOT)) {
            case "hex": {
                StringBuilder out = new StringBuilder(b.length * 2);
                for (byte x : b) {
                    out.append(HEX[(x >> 4) & 0xf]).append(HEX[x & 0xf]);
                }
                return out.toString();
            }
            case "base64":
                return Base64.getMimeEncoder(76, new byte[] {'\n'}).encodeToString(b);
            case "escape": {
                StringBuilder out = new StringBuilder(b.length);
                for (byte x : b) {
                    int v = x & 0xff;
                    if (v == '\\') {
                        out.append("\\\\");
                    } else if (v == 0 || v >= 0x80) {
                        out.append('\\').append((char) ('0' + (v >> 6))).append((char) ('0' + ((v >> 3) & 7)))
                                .append((char) ('0' + (v & 7)));
                    } else {
                        out.append((char) v);
                    }
                }
                return out.toString();
            }
            default:
                throw unknown(format);
        }
    }

    /**
     * PostgreSQL's bytea input of {@code text}: {@code \x} and hex digits, else the escape format ({@code \\} a
     * backslash, {@code \ooo} an octal byte, another backslash 22P02; other characters their UTF-8 bytes).
     */
    public static ByteString input(String text) {
        return text.startsWith("\\x") ? decode(text.substring(2), "hex") : decode(text, "escape");
    }

    public static ByteString decode(String text, String format) {
        if (text == null || format == null) {
            return null;
        }
        switch (format.toLowerCase(Locale.ROOT)) {
            case "hex":
                return new ByteString(hex(text));
            case "base64":
                return new ByteString(base64(text));
            case "escape":
                return new ByteString(escape(text));
            default:
                throw unknown(format);
        }
    }

    private static byte[] hex(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() / 2);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                i++;
                continue;
            }
            int hi = digit(s, i);
            if (i + 1 >= s.length()) {
                throw invalid("invalid hexadecimal data: odd number of digits");
            }
            int lo = digit(s, i + 1);
            out.write(hi << 4 | lo);
            i += 2;
        }
        return out.toByteArray();
    }

    private static int digit(String s, int i) {
        int d = Character.digit(s.charAt(i), 16);
        if (d < 0) {
            throw invalid("invalid hexadecimal digit: \"" + new String(Character.toChars(s.codePointAt(i))) + "\"");
        }
        return d;
    }

    private static byte[] base64(String s) {
        StringBuilder clean = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                continue;
            }
            boolean symbol = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+'
                    || c == '/' || c == '=';
            if (!symbol) {
                throw invalid("invalid symbol \"" + c + "\" found while decoding base64 sequence");
            }
            clean.append(c);
        }
        try {
            if (clean.length() % 4 != 0) {
                throw new IllegalArgumentException();
            }
            return Base64.getDecoder().decode(clean.toString());
        } catch (IllegalArgumentException e) {
            throw invalid("invalid base64 end sequence");
        }
    }

    private static byte[] escape(String s) {
        byte[] in = s.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
        int i = 0;
        while (i < in.length) {
            if (in[i] != '\\') {
                out.write(in[i++]);
            } else if (i + 1 < in.length && in[i + 1] == '\\') {
                out.write('\\');
                i += 2;
            } else if (i + 3 < in.length + 0 && octal(in[i + 1], 3) && octal(in[i + 2], 7) && octal(in[i + 3], 7)) {
                out.write((in[i + 1] - '0') << 6 | (in[i + 2] - '0') << 3 | (in[i + 3] - '0'));
                i += 4;
            } else {
                throw new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type bytea");
            }
        }
        return out.toByteArray();
    }

    private static boolean octal(byte b, int max) {
        return b >= '0' && b <= '0' + max;
    }

    private static SqlException unknown(String format) {
        return invalid("unrecognized encoding: \"" + format + "\"");
    }

    private static SqlException invalid(String message) {
        return new SqlException("22023", message);
    }
}
