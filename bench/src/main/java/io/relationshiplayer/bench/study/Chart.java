package io.relationshiplayer.bench.study;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.imageio.ImageIO;

/**
 * A line chart with error bars, as the study's Figures 5-8 (time against N): laid out once and drawn either as SVG
 * text or on a Graphics2D for PNG. The y axis turns logarithmic when the values span more than {@value #LOG_SPAN}
 * times (our embedded figures beside the study's cluster figures).
 */
final class Chart {
    /** One measured point; {@code err} is the +/- half-width drawn as an error bar. */
    record Point(double x, double y, double err) {
    }

    /** A named line; hollow markers and a dashed line mark reference figures. */
    record Series(String name, Color color, boolean reference, List<Point> points) {
        Series {
            Objects.requireNonNull(name, "name is null");
            points = List.copyOf(points);
        }
    }

    static final double LOG_SPAN = 50;
    private static final int WIDTH = 860;
    private static final int HEIGHT = 500;
    private static final int LEFT = 90;
    private static final int RIGHT = 240;
    private static final int TOP = 50;
    private static final int BOTTOM = 60;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series;

    Chart(String title, String xLabel, String yLabel, List<Series> series) {
        this.title = Objects.requireNonNull(title, "title is null");
        this.xLabel = Objects.requireNonNull(xLabel, "xLabel is null");
        this.yLabel = Objects.requireNonNull(yLabel, "yLabel is null");
        this.series = List.copyOf(series);
    }

    /** What the chart is drawn on: the same calls make the SVG and the PNG. */
    private interface Canvas {
        void line(double x1, double y1, double x2, double y2, Color c, double width, boolean dashed);

        void marker(double x, double y, Color c, boolean hollow);

        /** {@code anchor}: -1 start, 0 middle, 1 end; {@code vertical}: rotated to read upwards. */
        void text(double x, double y, String s, int size, int anchor, boolean vertical);
    }

    String svg() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<svg xmlns=\"http://www.w3"
                + ".org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n"
                + "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        draw(new Canvas() {
            @Override
            public void line(double x1, double y1, double x2, double y2, Color c, double width, boolean dashed) {
                b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                        + "stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, hex(c), width,
                        dashed ? " stroke-dasharray=\"6,4\"" : ""));
            }

            @Override
            public void marker(double x, double y, Color c, boolean hollow) {
                b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" stroke=\"%s\" "
                        + "stroke-width=\"1.5\" fill=\"%s\"/>%n", x, y, hex(c), hollow ? "white" : hex(c)));
            }

            @Override
            public void text(double x, double y, String s, int size, int anchor, boolean vertical) {
                b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" "
                        + "text-anchor=\"%s\"%s>%s</text>%n", x, y, size,
                        anchor < 0 ? "start" : anchor == 0 ? "middle" : "end", vertical
                                ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : "",
                        escape(s)));
            }
        });
        return b.append("</svg>\n").toString();
    }

    void writePng(Path file) throws IOException {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            draw(new Canvas() {
                @Override
                public void line(double x1, double y1, double x2, double y2, Color c, double width, boolean dashed) {
                    g.setColor(c);
                    g.setStroke(dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                            10f, new float[] {6f, 4f}, 0f) : new BasicStroke((float) width));
                    g.draw(new Line2D.Double(x1, y1, x2, y2));
                }

                @Override
                public void marker(double x, double y, Color c, boolean hollow) {
                    Ellipse2D dot = new Ellipse2D.Double(x - 4, y - 4, 8, 8);
                    g.setColor(hollow ? Color.WHITE : c);
                    g.fill(dot);
                    g.setColor(c);
                    g.setStroke(new BasicStroke(1.5f));
                    g.draw(dot);
                }

                @Override
                public void text(double x, double y, String s, int size, int anchor, boolean vertical) {
                    g.setColor(Color.BLACK);
                    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
                    double w = g.getFontMetrics().stringWidth(s);
                    AffineTransform saved = g.getTransform();
                    g.translate(x, y);
                    if (vertical) {
                        g.rotate(-Math.PI / 2);
                    }
                    g.drawString(s, (float) (-w * (anchor + 1) / 2), 0f);
                    g.setTransform(saved);
                }
            });
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer for " + file);
        }
    }

    private void draw(Canvas c) {
        List<Point> all = series.stream().flatMap(s -> s.points().stream()).toList();
        double xMax = all.stream().mapToDouble(Point::x).max().orElse(1);
        double yMax = all.stream().mapToDouble(p -> p.y() + Math.max(0, p.err())).max().orElse(1);
        double yMin = all.stream().mapToDouble(Point::y).filter(y -> y > 0).min().orElse(1);
        boolean log = yMax / yMin > LOG_SPAN;
        Axis x = Axis.linear(xMax);
        Axis y = log ? Axis.log(yMin, yMax) : Axis.linear(yMax);
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        Scale sx = v -> LEFT + plotW * x.fraction(v);
        Scale sy = v -> TOP + plotH * (1 - y.fraction(v));
        c.text(LEFT + plotW / 2, 28, title, 16, 0, false);
        c.text(LEFT + plotW / 2, HEIGHT - 15, xLabel, 13, 0, false);
        c.text(25, TOP + plotH / 2, yLabel + (log ? " (log scale)" : ""), 13, 0, true);
        for (double t : x.ticks) {
            c.line(sx.at(t), TOP, sx.at(t), TOP + plotH, GRID, 1, false);
            c.text(sx.at(t), TOP + plotH + 18, label(t), 11, 0, false);
        }
        for (double t : y.ticks) {
            c.line(LEFT, sy.at(t), LEFT + plotW, sy.at(t), GRID, 1, false);
            c.text(LEFT - 6, sy.at(t) + 4, label(t), 11, 1, false);
        }
        c.line(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH, Color.BLACK, 1, false);
        c.line(LEFT, TOP, LEFT, TOP + plotH, Color.BLACK, 1, false);
        int legendY = TOP + 10;
        for (Series s : series) {
            List<Point> pts = s.points().stream().filter(p -> !log || p.y() > 0).toList();
            for (int i = 1; i < pts.size(); i++) {
                c.line(sx.at(pts.get(i - 1).x()), sy.at(pts.get(i - 1).y()), sx.at(pts.get(i).x()),
                        sy.at(pts.get(i).y()), s.color(), 2, s.reference());
            }
            for (Point p : pts) {
                if (p.err() > 0) {
                    double lo = log ? Math.max(p.y() - p.err(), y.min) : Math.max(p.y() - p.err(), 0);
                    double px = sx.at(p.x());
                    c.line(px, sy.at(lo), px, sy.at(p.y() + p.err()), s.color(), 1.2, false);
                    c.line(px - 4, sy.at(lo), px + 4, sy.at(lo), s.color(), 1.2, false);
                    c.line(px - 4, sy.at(p.y() + p.err()), px + 4, sy.at(p.y() + p.err()), s.color(), 1.2, false);
                }
                c.marker(sx.at(p.x()), sy.at(p.y()), s.color(), s.reference());
            }
            double lx = WIDTH - RIGHT + 15;
            c.line(lx, legendY, lx + 30, legendY, s.color(), 2, s.reference());
            c.marker(lx + 15, legendY, s.color(), s.reference());
            c.text(lx + 38, legendY + 4, s.name(), 12, -1, false);
            legendY += 22;
        }
    }

    private static final Color GRID = new Color(225, 225, 225);

    private interface Scale {
        double at(double v);
    }

    /** An axis from {@code min} to {@code max} with its tick values; logarithmic or linear from zero. */
    private record Axis(double min, double max, boolean log, List<Double> ticks) {
        static Axis linear(double max) {
            double step = niceStep(max <= 0 ? 1 : max / 5);
            double top = Math.ceil((max <= 0 ? 1 : max) / step) * step;
            List<Double> ticks = new ArrayList<>();
            for (int i = 0; i * step <= top + step / 1e6; i++) {
                ticks.add(i * step);
            }
            return new Axis(0, top, false, ticks);
        }

        static Axis log(double min, double max) {
            double lo = Math.pow(10, Math.floor(Math.log10(min)));
            double hi = Math.pow(10, Math.ceil(Math.log10(max)));
            List<Double> ticks = new ArrayList<>();
            for (double d = lo; d <= hi * 1.0001; d *= 10) {
                for (double m : new double[] {1, 2, 5}) {
                    if (d * m <= hi * 1.0001) {
                        ticks.add(d * m);
                    }
                }
            }
            return new Axis(lo, hi, true, ticks);
        }

        double fraction(double v) {
            if (log) {
                return (Math.log10(Math.max(v, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
            }
            return (v - min) / (max - min);
        }

        private static double niceStep(double raw) {
            double p = Math.pow(10, Math.floor(Math.log10(raw)));
            double f = raw / p;
            return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
        }
    }

    private static String label(double v) {
        if (v == 0 || Math.abs(v) >= 10) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v).replaceAll("\\.?0+$", "");
    }

    private static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
