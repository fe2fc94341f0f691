package io.relationshiplayer.cli;

import java.util.List;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The benchmarks' options as picocli options, so that {@code --help} lists them and shell completion offers them.
 * Each benchmark parses its own arguments (its settings class gives the defaults, ranges and errors); what picocli
 * matches here is handed back to it unchanged, in command-line order, through the command's argument list.
 */
final class BenchOptions {
    private BenchOptions() {
    }

    /** A benchmark command: the arguments its parser reads, and the options it declares for them. */
    interface Benchmark {
        List<String> args();

        String[][] options();
    }

    /** Declares a {@link Benchmark} command's options once picocli has built its model from the annotations. */
    static final class Declared implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            Benchmark b = (Benchmark) spec.userObject();
            return declare(spec, b.args(), b.options());
        }
    }

    /** The options of a benchmark that connects to a server: TLS and token, as every client command has them. */
    static final String[] SECURITY = {
        "--connect HOST:PORT|a running server to measure instead of one in process",
        "--tls|TLS to --connect's server",
        "--ca-file FILE|the CA certificate that signs the server's (implies --tls)",
        "--cert FILE|this client's certificate, for a server that requires one (mutual TLS)",
        "--key FILE|this client's private key (PKCS#8 PEM)",
        "--token TOKEN|bearer token (default: $RL_TOKEN)"};

    /** The regression check's options (study, sql, foreign-keys). */
    static final String[] CHECK = {
        "--check|compare the measured ratios with the baseline; exit 3 when one is worse than its margin allows",
        "--update-baseline|write the measured ratios into the baseline, keeping each margin",
        "--baseline FILE|the baseline file (default: bench/baseline.properties)"};

    /**
     * Declares {@code options} on {@code spec}, each {@code "--name LABEL|description"} (no label: a flag); a matched
     * option is appended to {@code args} as the benchmark's parser reads it ({@code --name value}, or {@code --name}).
     */
    static CommandSpec declare(CommandSpec spec, List<String> args, String[]... options) {
        for (String[] group : options) {
            for (String option : group) {
                int bar = option.indexOf('|');
                String[] nameAndLabel = option.substring(0, bar).split(" ", 2);
                String name = nameAndLabel[0];
                boolean flag = nameAndLabel.length == 1;
                OptionSpec.Builder b = OptionSpec.builder(name).description(option.substring(bar + 1))
                        .arity(flag ? "0" : "1").type(flag ? Boolean.class : String.class)
                        .getter(new IGetter() {
                            @Override
                            @SuppressWarnings("unchecked")
                            public <T> T get() {
                                return null;
                            }
                        })
                        .setter(new ISetter() {
                            @Override
                            public <T> T set(T value) {
                                // picocli also sets the initial value (null) before it parses
                                if (flag ? Boolean.TRUE.equals(value) : value != null) {
                                    args.add(name);
                                    if (!flag) {
                                        args.add(value.toString());
                                    }
                                }
                                return null;
                            }
                        });
                if (!flag) {
                    b.paramLabel(nameAndLabel[1]);
                }
                spec.addOption(b.build());
            }
        }
        spec.parser().overwrittenOptionsAllowed(true); // repeatable ones (--sizes, --param) arrive once each
        return spec;
    }
}
