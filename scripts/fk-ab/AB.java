import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.*;

/**
 * The timed inserts of {@code rl bench foreign-keys} (issue 17) for several builds in one JVM, each build's rl.jar in a
 * class loader of its own, rounds interleaved (builds and tables alternate their order), so that a shared, noisy
 * machine weighs on every build alike. Prints per build the medians of the inserting thread's CPU time per round for
 * each table (none, index only, checked foreign key) and their ratios. Not part of the build:
 * <pre>
 *   javac -cp A/rl.jar -d /tmp/fk-ab scripts/fk-ab/*.java
 *   java -XX:+UseSerialGC -Xmx4g -cp /tmp/fk-ab AB 4000 400 15 25 A/rl.jar B/rl.jar
 * </pre>
 * args: children parents warm-up-rounds timed-rounds jar...
 */
public class AB {
    public static void main(String[] a) throws Exception {
        int children = Integer.parseInt(a[0]), parents = Integer.parseInt(a[1]);
        int warm = Integer.parseInt(a[2]), rounds = Integer.parseInt(a[3]);
        String[] kinds = {"none", "index", "fk"};
        int n = a.length - 4;
        Method[] once = new Method[n];
        ClassLoader[] loaders = new ClassLoader[n];
        String[] names = new String[n];
        for (int j = 0; j < n; j++) {
            names[j] = Path.of(a[4 + j]).getFileName().toString();
            URLClassLoader l = new URLClassLoader(new URL[] {Path.of(a[4 + j]).toUri().toURL(), Path.of(".").toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            loaders[j] = l;
            once[j] = l.loadClass("FkHarness").getMethod("once", String.class, int.class, int.class);
        }
        double[][][] cpu = new double[n][kinds.length][rounds];
        double[][][] el = new double[n][kinds.length][rounds];
        for (int r = -warm; r < rounds; r++) {
            for (int x = 0; x < n; x++) {
                int j = (r & 1) == 0 ? x : n - 1 - x;
                for (int y = 0; y < kinds.length; y++) {
                    int k = ((r >> 1) & 1) == 0 ? y : kinds.length - 1 - y;
                    Thread.currentThread().setContextClassLoader(loaders[j]);
                    long[] t = (long[]) once[j].invoke(null, kinds[k], children, parents);
                    if (r >= 0) { el[j][k][r] = t[0] / 1e6; cpu[j][k][r] = t[1] / 1e6; }
                }
            }
        }
        for (int j = 0; j < n; j++) {
            double[] m = new double[kinds.length];
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-12s cpu ms (median)", names[j]));
            for (int k = 0; k < kinds.length; k++) {
                m[k] = median(cpu[j][k]);
                sb.append(String.format(Locale.ROOT, " %s %.2f", kinds[k], m[k]));
            }
            sb.append(String.format(Locale.ROOT, " | fk/none %.3f fk/index %.3f index/none %.3f | elapsed fk/none %.3f",
                    m[2] / m[0], m[2] / m[1], m[1] / m[0], median(el[j][2]) / median(el[j][0])));
            System.out.println(sb);
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
