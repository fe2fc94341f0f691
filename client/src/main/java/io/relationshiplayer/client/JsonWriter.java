package io.relationshiplayer.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Writes JSON as it goes (a row can leave before the next arrives), with the commas, colons and escapes in one place:
 * the clients' JSON output (the CLI's rows, the benchmarks' result files) goes through it, never through string
 * concatenation. Compact ({@code {"a":1,"b":[2,3]}}) or spaced ({@code {"a": 1, "b": [2, 3]}}); {@link #newline}
 * breaks the line before the next element for files meant to be read. Misuse (a value where a name belongs, an end
 * that does not match) throws {@link IllegalStateException} rather than writing invalid JSON.
 */
public final class JsonWriter {
    private final Appendable out;
    private final String comma;
    private final String colon;
    /** Per open container: true for an object; the top of {@link #counts} is its element count. */
    private final Deque<Boolean> objects = new ArrayDeque<>();
    private final Deque<Integer> counts = new ArrayDeque<>();
    private boolean afterName;
    private int newlineIndent = -1;

    private JsonWriter(Appendable out, String comma, String colon) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.comma = comma;
        this.colon = colon;
    }

    /** Without spaces: {@code {"a":1,"b":[2,3]}} (one line per query's rows in the CLI). */
    @Nonnull
    public static JsonWriter compact(@Nonnull Appendable out) {
        return new JsonWriter(out, ",", ":");
    }

    /** With a space after commas and colons: {@code {"a": 1, "b": [2, 3]}}. */
    @Nonnull
    public static JsonWriter spaced(@Nonnull Appendable out) {
        return new JsonWriter(out, ", ", ": ");
    }

    @Nonnull
    public JsonWriter beginObject() {
        beforeValue();
        open(true);
        return write("{");
    }

    @Nonnull
    public JsonWriter endObject() {
        return close(true, "}");
    }

    @Nonnull
    public JsonWriter beginArray() {
        beforeValue();
        open(false);
        return write("[");
    }

    @Nonnull
    public JsonWriter endArray() {
        return close(false, "]");
    }

    /** The name of the next member of the current object. */
    @Nonnull
    public JsonWriter name(@Nonnull String name) {
        Objects.requireNonNull(name, "name is null");
        if (objects.isEmpty() || !objects.peek() || afterName) {
            throw new IllegalStateException("a name outside an object or after a name: " + name);
        }
        separate();
        afterName = true;
        return write(Json.string(name)).write(colon);
    }

    /** A string, escaped; null writes null. */
    @Nonnull
    public JsonWriter value(@Nullable String s) {
        return s == null ? nullValue() : raw(Json.string(s));
    }

    @Nonnull
    public JsonWriter value(long n) {
        return raw(Long.toString(n));
    }

    @Nonnull
    public JsonWriter value(boolean b) {
        return raw(b ? "true" : "false");
    }

    /** A decimal exactly as it is, every digit and the scale kept ({@code 12.500}), never in exponent form. */
    @Nonnull
    public JsonWriter value(@Nonnull BigDecimal d) {
        return raw(d.toPlainString());
    }

    /** A double as Java prints it, the shortest text that reads back the same; NaN and infinities are not JSON. */
    @Nonnull
    public JsonWriter value(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException(d + " is not a JSON number");
        }
        return raw(Double.toString(d));
    }

    /** A double with {@code decimals} fraction digits ({@link Json#number}); NaN and infinities as null. */
    @Nonnull
    public JsonWriter number(double d, int decimals) {
        return raw(Json.number(d, decimals));
    }

    @Nonnull
    public JsonWriter nullValue() {
        return raw("null");
    }

    /**
     * Breaks the line before the next element or end, indented by {@code indent} spaces (the comma stays on the line
     * before), so that a file can show one record per line.
     */
    @Nonnull
    public JsonWriter newline(int indent) {
        if (indent < 0) {
            throw new IllegalArgumentException("negative indent " + indent);
        }
        newlineIndent = indent;
        return this;
    }

    /** Whether every object and array begun has ended. */
    public boolean complete() {
        return objects.isEmpty() && !afterName;
    }

    private JsonWriter raw(String json) {
        beforeValue();
        return write(json);
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (!objects.isEmpty() && objects.peek()) {
            throw new IllegalStateException("a value in an object needs a name first");
        }
        separate();
    }

    /** The comma before an element (not the first), then any line break asked for. */
    private void separate() {
        if (!counts.isEmpty()) {
            int n = counts.pop();
            counts.push(n + 1);
            if (n > 0) {
                write(newlineIndent >= 0 ? "," : comma);
            }
        }
        breakLine();
    }

    private void breakLine() {
        if (newlineIndent >= 0) {
            write("\n" + " ".repeat(newlineIndent));
            newlineIndent = -1;
        }
    }

    private void open(boolean object) {
        objects.push(object);
        counts.push(0);
    }

    private JsonWriter close(boolean object, String end) {
        if (objects.isEmpty() || objects.peek() != object || afterName) {
            throw new IllegalStateException("no open " + (object ? "object" : "array") + " to end here");
        }
        objects.pop();
        counts.pop();
        breakLine();
        return write(end);
    }

    private JsonWriter write(String s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
