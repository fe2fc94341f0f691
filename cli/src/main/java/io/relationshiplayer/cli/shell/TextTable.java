package io.relationshiplayer.cli.shell;

import java.io.PrintWriter;
import java.util.List;

/** Small aligned tables of text for the shell's own listings (\d). */
final class TextTable {
    private TextTable() {
    }

    static void print(PrintWriter out, List<String> headers, List<List<String>> rows) {
        int[] w = new int[headers.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = headers.get(c).length();
            for (List<String> r : rows) {
                w[c] = Math.max(w[c], r.get(c).length());
            }
        }
        out.println(line(headers, w));
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < w.length; c++) {
            rule.append(c == 0 ? "" : "+").append("-".repeat(w[c] + 2));
        }
        out.println(rule);
        for (List<String> r : rows) {
            out.println(line(r, w));
        }
    }

    private static String line(List<String> cells, int[] w) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < w.length; c++) {
            String s = cells.get(c);
            b.append(c == 0 ? " " : " | ").append(s).append(" ".repeat(w[c] - s.length()));
        }
        return b.toString().stripTrailing();
    }
}
