package io.relationshiplayer.cli;

import io.relationshiplayer.bench.EngineBenchmark;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code rl bench}: the benchmarks; each prints its figures beside the reference it competes with. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Runs a benchmark.",
        subcommands = {BenchCommand.Engine.class})
final class BenchCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** The embedded engines' point reads and small commits against FoundationDB's published figures. */
    @Command(name = "engine", mixinStandardHelpOptions = true,
            description = "Point reads and small commits per second of the embedded engines at 1, 8 and 64 threads, "
                    + "beside FoundationDB's published single-process figures. Options: --seconds N, "
                    + "--warmup-seconds N, --keys N, --threads 1,8,64, --engines memory,durable.")
    static final class Engine implements Callable<Integer> {
        @Parameters(arity = "0..*", paramLabel = "OPTION", description = "Passed to the benchmark.")
        List<String> args = List.of();

        @Override
        public Integer call() throws Exception {
            return EngineBenchmark.run(args.toArray(new String[0]), System.out, System.err);
        }
    }
}
